import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { sessionAnswer } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';

const unauthorized = () =>
  jsonResponse(
    { statusCode: 401, code: 'unauthorized', message: 'Incorrect e-mail or password' },
    401,
  );

async function openLogin(path = '/auth/login', api = {}) {
  const app = renderApp(path, { api });
  await screen.findByTestId('screen-auth-login');
  return app;
}

describe('/auth/login: log in', () => {
  it('focuses the e-mail field and sets the autocomplete attributes', async () => {
    await openLogin();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
  });

  it('posts the pair, stores the token, logs in with the method and goes to next', async () => {
    const { user, router, store, fetchMock } = await openLogin(
      '/auth/login?next=%2Fapp%2Fpockets',
      { 'POST /api/v1/auth/login': () => jsonResponse(sessionAnswer('login-token', 'password')) },
    );

    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');

    await screen.findByTestId('screen-pockets');
    expect(currentPath(router)).toBe('/app/pockets');
    const [call] = requestsTo(fetchMock, 'POST /api/v1/auth/login');
    expect(call?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(call?.headers.get('Authorization')).toBeNull();
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(Cookies.get('jwt')).toBe('login-token');
    expect(store.getState().session).toEqual({ loggedIn: true, loginMethod: 'password' });
    // Entering /app loads the lists with the new credential.
    const [profileCall] = requestsTo(fetchMock, 'GET /api/v0/user');
    expect(profileCall?.headers.get('Authorization')).toBe('Bearer login-token');
  });

  it('never follows next outside /app', async () => {
    const { user, router } = await openLogin('/auth/login?next=https%3A%2F%2Fevil.example', {
      'POST /api/v1/auth/login': () => jsonResponse(sessionAnswer()),
    });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await screen.findByTestId('screen-dashboard');
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('shows a wrong pair inline as an alert and keeps the visitor logged out', async () => {
    const { user, store } = await openLogin('/auth/login', {
      'POST /api/v1/auth/login': unauthorized,
    });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password');
    expect(store.getState().session.loggedIn).toBe(false);
    expect(Cookies.get('jwt')).toBeUndefined();
  });

  it('shows the throttling message with the Retry-After wait', async () => {
    const { user } = await openLogin('/auth/login', {
      'POST /api/v1/auth/login': () =>
        new Response(
          JSON.stringify({ statusCode: 429, code: 'rate_limited', message: 'Too many attempts.' }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } },
        ),
    });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 42 seconds.',
    );
  });

  it('puts a field error from the server next to its field', async () => {
    const { user } = await openLogin('/auth/login', {
      'POST /api/v1/auth/login': () =>
        jsonResponse(
          {
            statusCode: 400,
            code: 'validation_failed',
            message: 'Invalid email address',
            field: 'body.email',
          },
          400,
        ),
    });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Invalid email address');
  });

  it('checks the fields before sending anything', async () => {
    const { user, fetchMock } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Enter your e-mail address.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/login')).toEqual([]);
  });

  it('disables the button with a spinner while the request runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = await openLogin('/auth/login', {
      'POST /api/v1/auth/login': async () => {
        await gate;
        return unauthorized();
      },
    });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('explains an unverified address and resends the mail', async () => {
    const { user, fetchMock } = await openLogin('/auth/login', {
      'POST /api/v1/auth/login': () =>
        jsonResponse(
          {
            statusCode: 403,
            code: 'email_not_verified',
            message: 'Verify your e-mail address first',
          },
          403,
        ),
      'POST /api/v1/auth/verify/resend': () =>
        jsonResponse({ message: 'If the address needs verifying, we sent a new link.' }, 202),
    });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');

    const inbox = await screen.findByTestId('check-inbox');
    expect(inbox).toHaveTextContent('not verified');
    expect(within(inbox).getByTestId('check-inbox-email')).toHaveTextContent('ada@example.com');
    await user.click(within(inbox).getByRole('button', { name: 'Resend the e-mail' }));
    expect(await screen.findByTestId('resend-verification-sent')).toHaveTextContent(
      'we sent a new link',
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/verify/resend')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('offers a link per OAuth provider of the auth config, carrying next', async () => {
    await openLogin('/auth/login?next=%2Fapp%2Ffiles');
    const link = await screen.findByRole('link', { name: 'Continue with GitHub' });
    expect(link).toHaveAttribute('href', '/api/v1/oauth/github/authorize?next=%2Fapp%2Ffiles');
  });

  it('shows no OAuth buttons when the server offers none', async () => {
    await openLogin('/auth/login', {
      'GET /api/v1/auth/config': () =>
        jsonResponse({ providers: [], mail_outbox: false, billing: 'off' }),
    });
    await waitFor(() => expect(screen.queryByTestId('oauth-providers')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('/auth/login: sign up', () => {
  it('switches to sign-up, posts name, e-mail and password and asks to check the inbox', async () => {
    const { user, fetchMock, store } = await openLogin('/auth/login', {
      'POST /api/v1/auth/signup': () =>
        jsonResponse({ message: 'Check your inbox to verify your address.' }, 202),
    });
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign up');
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');

    await user.type(name, 'Ada Lovelace');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough{Enter}');

    const inbox = await screen.findByTestId('check-inbox');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your inbox');
    expect(within(inbox).getByTestId('check-inbox-email')).toHaveTextContent('ada@example.com');
    expect(within(inbox).getByRole('button', { name: 'Resend the e-mail' })).toBeInTheDocument();
    expect(
      await within(inbox).findByRole('link', { name: 'Open the local outbox' }),
    ).toHaveAttribute('href', '/api/dev/outbox');
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/signup')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'long enough',
    });
    expect(store.getState().session.loggedIn).toBe(false);
  });

  it('hides the outbox link when mails really go out', async () => {
    const { user } = await openLogin('/auth/login', {
      'GET /api/v1/auth/config': () =>
        jsonResponse({ providers: [], mail_outbox: false, billing: 'test' }),
      'POST /api/v1/auth/signup': () => jsonResponse({ message: 'ok' }, 202),
    });
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough{Enter}');
    await screen.findByTestId('check-inbox');
    expect(screen.queryByRole('link', { name: 'Open the local outbox' })).not.toBeInTheDocument();
  });

  it('applies the password length rule before sending', async () => {
    const { user, fetchMock } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short{Enter}');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Use at least 8 characters.'),
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/auth/signup')).toEqual([]);
  });

  it('shows a server failure of the sign-up inline', async () => {
    const { user } = await openLogin('/auth/login', {
      'POST /api/v1/auth/signup': () =>
        jsonResponse(
          { statusCode: 500, code: 'internal_error', message: 'Internal server error' },
          500,
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });
});
