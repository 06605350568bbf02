import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';

// Issue 3 end to end: real sign-up, mail links from the local outbox, sessions, password reset
// and OAuth through a real OpenID Connect provider (started by e2e/serve.mjs).

// Each flow below is a whole user journey with several scrypt-hashed logins: give it room.
test.describe.configure({ timeout: 90_000 });

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Opens the outbox page as a user would and returns the newest link of `kind` sent to `email`. */
async function linkFromOutbox(page: Page, email: string, path: string): Promise<string> {
  await page.goto('/api/dev/outbox');
  const mail = page.locator('article', { hasText: email }).first();
  const link = mail.locator(`a[href*="${path}?token="]`).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('sign up, verify by mail, keep the session, log out and in, reset the password', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('ada');
  const password = 'correct horse battery staple';

  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByTestId('check-inbox-email')).toContainText(email);
  await keepScreenshot(page, 'accounts-check-inbox');

  // An unverified account cannot log in yet: the screen asks to confirm the address first.
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.goto(await linkFromOutbox(page, email, '/auth/verify'));
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ada Lovelace');

  await page.reload();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ada Lovelace');

  await logOut(page);
  expect((await context.cookies()).find((cookie) => cookie.name === 'jwt')).toBeUndefined();
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/auth\/login/);

  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await logOut(page);

  // Reset through the mailed link, then only the new password works.
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByTestId('screen-auth-reset-password')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('reset-password-sent')).toBeVisible();

  const newPassword = 'a brand new passphrase';
  await page.goto(await linkFromOutbox(page, email, '/auth/setpassword'));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByTestId('set-password-done')).toBeVisible();

  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password');
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('log in through the OpenID Connect provider', async ({ page }) => {
  const login = `sso${Date.now()}`;
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Continue with Test SSO' }).click();

  // oidc-provider's development login and consent pages.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: /continue/i }).click();

  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByTestId('user-menu-email')).toContainText(`${login}@oidc.example.test`);
});

test('profile edits persist and the account can be deleted', async ({ page }) => {
  const email = uniqueEmail('grace');
  const password = 'another fine passphrase';
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await linkFromOutbox(page, email, '/auth/verify'));
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await page.goto('/app/settings/profile');
  await page.getByLabel('Description').fill('Wrote the first compiler.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue('Wrote the first compiler.');
  await keepScreenshot(page, 'accounts-profile');

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel('Type your e-mail address to confirm').fill(email);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password');
});
