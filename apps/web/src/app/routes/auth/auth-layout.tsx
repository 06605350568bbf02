import { Outlet } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { PublicOnlyRoute } from './public-only-route';

/** `/auth`: the area for visitors who are not logged in, as a centred card. */
export function AuthLayoutRoute() {
  return (
    <PublicOnlyRoute>
      <CenteredLayout>
        <Outlet />
      </CenteredLayout>
    </PublicOnlyRoute>
  );
}
