import { Navigate } from 'react-router';
import { RouteSpinner } from '@/components/route-spinner';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';

/** `/`: loads no data and sends the visitor on to /app (whose guard picks /auth if needed). */
export function RedirectScreen() {
  return (
    <Screen info={SCREENS.redirect} showHeading={false}>
      <RouteSpinner />
      <Navigate to={paths.app.root} replace />
    </Screen>
  );
}
