import { useSearchParams } from 'react-router';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { VerifyEmail } from '@/features/auth/components/verify-email';

/** `/auth/verify?token=`: confirms the address from the mailed link and logs in. */
export function VerifyScreen() {
  const [searchParams] = useSearchParams();
  return (
    <Screen info={SCREENS.authVerify} className="flex flex-col gap-4">
      <VerifyEmail token={searchParams.get('token') ?? ''} />
    </Screen>
  );
}
