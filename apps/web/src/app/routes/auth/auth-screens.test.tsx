import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { sessionAnswer } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';

const tokenRejected = () =>
  jsonResponse(
    { statusCode: 400, code: 'bad_request', message: 'This link is invalid or has expired' },
    400,
  );

describe('/auth/reset-password', () => {
  it("posts the address and shows the server's 202 message", async () => {
    const { user, fetchMock } = renderApp('/auth/reset-password', {
      api: {
        'POST /api/v1/auth/password/reset': () =>
          jsonResponse(
            { message: 'If an account exists for ada@example.com, we sent a link.' },
            202,
          ),
      },
    });
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveFocus();
    await user.type(email, 'ada@example.com{Enter}');

    expect(await screen.findByTestId('reset-password-sent')).toHaveTextContent(
      'If an account exists for ada@example.com, we sent a link.',
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/password/reset')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('says the same thing itself when the answer has no message', async () => {
    const { user } = renderApp('/auth/reset-password', {
      api: { 'POST /api/v1/auth/password/reset': () => new Response(null, { status: 202 }) },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByTestId('reset-password-sent')).toHaveTextContent(
      'If an account exists for ada@example.com, we sent a link',
    );
  });

  it('shows a failure inline', async () => {
    const { user } = renderApp('/auth/reset-password', {
      api: {
        'POST /api/v1/auth/password/reset': () =>
          new Response(
            JSON.stringify({ statusCode: 429, code: 'rate_limited', message: 'Slow down.' }),
            { status: 429, headers: { 'Retry-After': '1' } },
          ),
      },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down. Try again in 1 second.');
  });
});

describe('/auth/setpassword', () => {
  it('posts the token and the new password, then links to log in', async () => {
    const { user, fetchMock } = renderApp('/auth/setpassword?token=reset-123', {
      api: {
        'POST /api/v1/auth/password/set': () => jsonResponse({ message: 'Password changed' }),
      },
    });
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.type(password, 'a new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new password{Enter}');

    const done = await screen.findByTestId('set-password-done');
    expect(done).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/password/set')[0]?.body).toEqual({
      token: 'reset-123',
      password: 'a new password',
    });
  });

  it('refuses two different passwords without a request', async () => {
    const { user, fetchMock } = renderApp('/auth/setpassword?token=reset-123');
    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'another one{Enter}');
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/password/set')).toEqual([]);
  });

  it('shows a bad token with a link to ask for a new one', async () => {
    const { user } = renderApp('/auth/setpassword?token=used', {
      api: { 'POST /api/v1/auth/password/set': tokenRejected },
    });
    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
  });
});

describe('/auth/verify', () => {
  it('posts the token exactly once (even in StrictMode), logs in and opens /app', async () => {
    const { router, store, fetchMock } = renderApp('/auth/verify?token=verify-abc', {
      strict: true,
      api: {
        'POST /api/v1/auth/verify': () => jsonResponse(sessionAnswer('verified-token')),
      },
    });

    await screen.findByTestId('screen-dashboard');
    expect(currentPath(router)).toBe('/app/dashboard');
    const calls = requestsTo(fetchMock, 'POST /api/v1/auth/verify');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'verify-abc' });
    expect(Cookies.get('jwt')).toBe('verified-token');
    expect(store.getState().session).toEqual({ loggedIn: true, loginMethod: 'password' });
  });

  it('shows an invalid, used or expired token and offers a new mail', async () => {
    const { user, fetchMock } = renderApp('/auth/verify?token=stale', {
      strict: true,
      api: {
        'POST /api/v1/auth/verify': tokenRejected,
        'POST /api/v1/auth/verify/resend': () => jsonResponse({ message: 'Sent again.' }, 202),
      },
    });
    expect(await screen.findByTestId('verify-error')).toHaveTextContent(
      'This link is invalid or has expired',
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/verify')).toHaveLength(1);

    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend the e-mail' }));
    expect(await screen.findByTestId('resend-verification-sent')).toHaveTextContent('Sent again.');
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/verify/resend')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('explains a link without a token without calling the server', async () => {
    const { fetchMock } = renderApp('/auth/verify');
    expect(await screen.findByTestId('verify-error')).toHaveTextContent('no token');
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/verify')).toEqual([]);
  });
});

describe('/auth/callback', () => {
  it('posts code and state once to the provider callback, logs in and opens /app', async () => {
    const { router, store, fetchMock } = renderApp(
      '/auth/callback?provider=github&code=c0de&state=st4te',
      {
        strict: true,
        api: {
          'POST /api/v1/oauth/github/callback': () =>
            jsonResponse({ ...sessionAnswer('oauth-token', 'github'), next: '/app' }),
        },
      },
    );
    await screen.findByTestId('screen-dashboard');
    expect(currentPath(router)).toBe('/app/dashboard');
    const calls = requestsTo(fetchMock, 'POST /api/v1/oauth/github/callback');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ code: 'c0de', state: 'st4te' });
    expect(Cookies.get('jwt')).toBe('oauth-token');
    expect(store.getState().session).toEqual({ loggedIn: true, loginMethod: 'github' });
  });

  it('goes on to the next path the server kept, passing the issuer along', async () => {
    const { router, fetchMock } = renderApp(
      '/auth/callback?provider=oidc&code=c&state=s&iss=https%3A%2F%2Fidp.example',
      {
        api: {
          'POST /api/v1/oauth/oidc/callback': () =>
            jsonResponse({ ...sessionAnswer('oidc-token', 'oidc'), next: '/app/files?repo=r1' }),
        },
      },
    );
    await screen.findByTestId('screen-files');
    expect(currentPath(router)).toBe('/app/files?repo=r1');
    expect(requestsTo(fetchMock, 'POST /api/v1/oauth/oidc/callback')[0]?.body).toEqual({
      code: 'c',
      state: 's',
      iss: 'https://idp.example',
    });
  });

  it('ignores a next path outside /app', async () => {
    const { router } = renderApp('/auth/callback?provider=github&code=c&state=s', {
      api: {
        'POST /api/v1/oauth/github/callback': () =>
          jsonResponse({ ...sessionAnswer(), next: 'https://evil.example/' }),
      },
    });
    await screen.findByTestId('screen-dashboard');
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('shows a failed exchange with a way back to log in', async () => {
    const { user, router } = renderApp('/auth/callback?provider=oidc&code=c&state=s', {
      api: {
        'POST /api/v1/oauth/oidc/callback': () =>
          jsonResponse({ statusCode: 400, code: 'bad_request', message: 'State mismatch' }, 400),
      },
    });
    expect(await screen.findByTestId('callback-error')).toHaveTextContent('State mismatch');
    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it("shows the provider's error without calling the server", async () => {
    const { fetchMock } = renderApp(
      '/auth/callback?provider=github&error=access_denied&error_description=The+user+cancelled',
    );
    expect(await screen.findByTestId('callback-error')).toHaveTextContent('The user cancelled');
    expect(requestsTo(fetchMock, 'POST /api/v1/oauth/github/callback')).toEqual([]);
  });
});
