import { FolderLock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CenteredLayout } from '@/components/layouts/centered-layout';
import { Screen } from '@/components/screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';

/** `/invite/folder/private/:slug`: the invitation to a private folder (placeholder for now). */
export function InviteScreen() {
  const { slug = '' } = useParams();
  return (
    <CenteredLayout>
      <Screen info={SCREENS.invite} className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{SCREENS.invite.description}</p>
        <div className="flex items-center gap-3 rounded-md border border-border bg-muted p-3 text-sm">
          <FolderLock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0">
            Invitation{' '}
            <code data-testid="invite-slug" className="font-mono break-all">
              {slug}
            </code>
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          Opening shared folders arrives with the static documentation feature.
        </p>
        <Button asChild variant="outline">
          <Link to={paths.app.root}>Go to CodeDocs</Link>
        </Button>
      </Screen>
    </CenteredLayout>
  );
}
