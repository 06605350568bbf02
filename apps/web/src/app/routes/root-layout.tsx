import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { RouteSpinner } from '@/components/route-spinner';

/** Shown only when a navigation takes longer than this, so quick ones do not flicker. */
const PENDING_SPINNER_DELAY_MS = 200;

function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (!flag) return undefined;
    const timer = window.setTimeout(() => setDelayed(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setDelayed(false);
    };
  }, [flag, delayMs]);
  return flag && delayed;
}

/** The root route: the matched screen, plus the spinner while a lazy screen loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const showSpinner = useDelayedFlag(navigation.state === 'loading', PENDING_SPINNER_DELAY_MS);
  return (
    <>
      <Outlet />
      {showSpinner && <RouteSpinner overlay />}
      <ScrollRestoration />
    </>
  );
}
