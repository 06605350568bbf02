import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { AppStore } from './store';

/** Props of AppProviders: the app passes its singletons, tests their own. */
export interface AppProvidersProps {
  store: AppStore;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Redux, TanStack Query and tooltip timing for the whole app, plus the one <Toaster />. */
export function AppProviders({ store, queryClient, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ReduxProvider>
  );
}
