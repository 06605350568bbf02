import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { LoadError } from '@/components/load-error';
import { Screen } from '@/components/screen';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { DeleteAccountDialog } from '@/features/profile/components/delete-account-dialog';
import { ProfileDetailsCard } from '@/features/profile/components/profile-details-card';
import { ProfileSkeleton } from '@/features/profile/components/profile-skeleton';
import { PurchasesCard } from '@/components/purchases-card';
import { fetchProfile, selectProfileState } from '@/features/profile/store/profile-slice';
import { toast } from '@/hooks/use-toast';
import { endAppSession } from '../../../app-data';
import { useAppDispatch, useAppSelector } from '../../../hooks';
import type { AppStore } from '../../../store';

/** `/app/settings/profile`: id, e-mail, name and description, purchases, delete account. */
export function ProfileScreen() {
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  const { data: profile, status, error } = useAppSelector(selectProfileState);

  const handleRetry = () => void dispatch(fetchProfile());
  const handleDeleted = () => {
    // The server already ended every session of the account; only the browser's part is left.
    void endAppSession(store, { notifyServer: false });
    void navigate(paths.auth.login, { replace: true });
    toast({ title: 'Account deleted', description: 'Your account and its data are gone.' });
  };

  return (
    <Screen info={SCREENS.settingsProfile} className="flex max-w-2xl flex-col gap-6">
      <p className="text-muted-foreground">{SCREENS.settingsProfile.description}</p>
      {status === 'failed' && !profile && (
        <LoadError message={error ?? ''} onRetry={handleRetry} data-testid="profile-error" />
      )}
      {!profile && status !== 'failed' && <ProfileSkeleton />}
      {profile && (
        <>
          <ProfileDetailsCard key={profile.id} profile={profile} />
          <PurchasesCard purchases={profile.purchases ?? []} />
          <Card data-testid="danger-zone" className="border-destructive/50">
            <CardHeader>
              <CardTitle className="text-destructive">Danger zone</CardTitle>
              <CardDescription>
                Deleting your account removes all your data for good.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <DeleteAccountDialog email={profile.email} onDeleted={handleDeleted} />
            </CardContent>
          </Card>
        </>
      )}
    </Screen>
  );
}
