import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { endSessionOnUnauthorized } from '@/app/app-data';
import { createAppStore } from '@/app/store';
import { checkLoginState } from '@/features/auth/store/login-state';
import { applyDarkMode, isDarkMode, subscribeDarkMode } from '@/lib/dark-mode';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

const store = createAppStore();
const queryClient = createQueryClient();
const router = createAppRouter(store);

// public/theme-init.js already set the class before paint; keep it in step with other tabs
// and with the system scheme from here on.
applyDarkMode(isDarkMode());
subscribeDarkMode(() => {});

endSessionOnUnauthorized(store);

// Start the one shared login-state check now; the /app and /auth loaders await the same promise.
void checkLoginState(store.dispatch);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
