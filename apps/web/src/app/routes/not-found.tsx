import { Link } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Screen } from '@/components/screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';

/** `*`: the not-found page with a link home. */
export function NotFoundScreen() {
  return (
    <CenteredLayout>
      <Screen info={SCREENS.notFound} className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{SCREENS.notFound.description}</p>
        <Button asChild>
          <Link to={paths.home} data-testid="not-found-home-link">
            Go to the home page
          </Link>
        </Button>
      </Screen>
    </CenteredLayout>
  );
}
