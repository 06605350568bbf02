// @vitest-environment-options { "url": "http://192.168.1.20:8080/" }
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('app shell on a plain-http LAN address', () => {
  it('shows a dismissible notice recommending https', async () => {
    const { user } = renderApp('/app/dashboard', { session: 'logged-in' });
    const banner = await screen.findByTestId('insecure-origin-banner');
    expect(banner).toHaveTextContent(/https/);

    await user.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByTestId('insecure-origin-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('screen-dashboard')).toBeInTheDocument();
  });

  it('shows it on the sign-in screens too', async () => {
    renderApp('/auth/login');
    await screen.findByTestId('screen-auth-login');
    expect(screen.getByTestId('insecure-origin-banner')).toBeInTheDocument();
  });
});
