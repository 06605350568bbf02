import { request, type Page } from '@playwright/test';
import { expect } from './fixtures';
import { outboxLinks } from './session';

/** The site a link opened: the folder's name is its title, served sandboxed from /sites/. */
export async function expectSite(page: Page, folderName: string) {
  await expect(page).toHaveURL(/\/sites\/[^/]+\/index\.html$/);
  await expect(page.locator('body')).toContainText(folderName);
}

/** The invitation link of the newest mail the e2e outbox holds for `email`. */
export async function invitationLinkFor(baseURL: string, email: string): Promise<string> {
  const mailbox = await request.newContext({ baseURL });
  try {
    const invite = (await outboxLinks(mailbox, email)).find((link) =>
      link.includes('/invite/folder/private/'),
    );
    expect(invite, `an invitation mailed to ${email}`).toBeDefined();
    return invite!;
  } finally {
    await mailbox.dispose();
  }
}

/**
 * An invitee without an account opens the mailed invitation, goes "Log in to open", signs up
 * with the invited address, confirms it from the mail, comes back to the invitation and opens
 * the site.
 */
export async function signUpFromInvitation(
  page: Page,
  baseURL: string,
  { invite, email, folderName }: { invite: string; email: string; folderName: string },
) {
  await page.goto(new URL(invite).pathname);
  await expect(page.getByTestId('invite-folder-name')).toHaveText(folderName);
  await page.getByRole('link', { name: 'Log in to open' }).click();
  await expect(page.getByTestId('screen-auth-login')).toBeVisible();
  await page.getByTestId('switch-to-signup').click();
  await page.getByLabel('Name').fill('Invited Reader');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('an invited passphrase');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const mailbox = await request.newContext({ baseURL });
  const verify = (await outboxLinks(mailbox, email)).find((link) =>
    link.includes('/auth/verify?token='),
  );
  await mailbox.dispose();
  expect(verify).toBeDefined();
  await page.goto(new URL(verify!).pathname + new URL(verify!).search);
  // confirming the address logs in and comes back to the invitation
  await expect(page).toHaveURL(new URL(invite).pathname);
  await page.getByRole('button', { name: 'Open' }).click();
  await expectSite(page, folderName);
}
