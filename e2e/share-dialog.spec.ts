import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { unique } from './app-steps';
import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterWithToken, logInThroughApi, signUpThroughApi, type ApiAccount } from './session';
import { expectSite, invitationLinkFor, signUpFromInvitation } from './sharing-steps';
import { apiAs, buildSiteThroughApi } from './sites';

const GREET_TS = `/** Greets someone by name. */
export function greet(name: string): string {
  return \`Hello \${name}\`;
}
`;

const PHONE = { width: 390, height: 844 };

/** Opens the Share dialog of `folderName` on the export screen. */
async function openShareDialog(page: Page, folderName: string): Promise<Locator> {
  await page.goto('/app/export');
  const row = page.locator(`[data-testid="folder-row"][data-folder-name="${folderName}"]`);
  await row.getByTestId('folder-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Share “${folderName}”` })).toBeVisible();
  return dialog;
}

/** Copies the link a box shows with its Copy button and reads it back from the clipboard. */
async function copyNewLink(page: Page, box: Locator): Promise<string> {
  await box.getByRole('button', { name: 'Copy' }).click();
  await expect(box.getByTestId('share-new-link-copied')).toHaveText(
    'Link copied to the clipboard.',
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(box.getByTestId('share-new-link-url')).toHaveValue(copied);
  return copied;
}

const shareRow = (dialog: Locator, kind: string) =>
  dialog.locator(`[data-testid="share-row"][data-kind="${kind}"]`);

/**
 * The Share dialog of issue 17 in Chromium against the real server: the owner invites by
 * e-mail, makes a private link and turns the public link on, copying each; the invitee signs up
 * from the mail and opens the site, a second account opens the private link, a logged-out
 * visitor the public one; then the owner (on a phone, in dark mode) sees the opens, revokes the
 * private link, and the link says it was revoked.
 */
test.describe('the Share dialog', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let served: ServedRepo;
  let owner: ApiAccount;
  let ownerApi: APIRequestContext;
  const folderName = unique('Dialog docs');
  const inviteeEmail = `${unique('invitee')}@example.test`;
  let privateLink = '';
  let publicLink = '';

  test.beforeAll(async ({ baseURL }) => {
    served = createServedRepo(unique('greeter'), { 'src/greet.ts': GREET_TS });
    owner = await signUpThroughApi(baseURL!, 'owner');
    ownerApi = await apiAs(baseURL!, owner.token);
    await buildSiteThroughApi(ownerApi, served, folderName);
  });

  test.afterAll(async () => {
    await ownerApi?.dispose();
    served?.dispose();
  });

  test('the owner invites by e-mail, copies a new private link and turns the public link on', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await enterWithToken(context, baseURL!, owner.token);
    const dialog = await openShareDialog(page, folderName);
    await expect(dialog.getByTestId('share-list-empty')).toBeVisible();

    await dialog.getByLabel('E-mail addresses').fill(inviteeEmail);
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await expect(dialog.getByTestId('share-email-sent')).toHaveText(
      'Invitation sent to 1 address.',
    );
    await expect(shareRow(dialog, 'email')).toHaveAttribute('data-status', 'pending');
    await expect(shareRow(dialog, 'email').getByTestId('share-name')).toHaveText(inviteeEmail);

    // viewer for 7 days, the form's defaults
    await dialog.getByRole('button', { name: 'Make private link' }).click();
    const privateBox = dialog.getByTestId('share-private-link');
    await expect(privateBox).toContainText('it cannot be shown again');
    privateLink = await copyNewLink(page, privateBox);
    expect(privateLink).toMatch(/\/invite\/folder\/private\/[\w-]{43}$/);
    await expect(shareRow(dialog, 'private')).toHaveAttribute('data-status', 'active');

    const publicSwitch = dialog.getByRole('switch', { name: 'Public link' });
    await expect(publicSwitch).not.toBeChecked();
    await publicSwitch.click();
    const publicBox = dialog.getByTestId('share-public-link');
    publicLink = await copyNewLink(page, publicBox);
    expect(publicLink).toMatch(/\/api\/v1\/staticdocs\/public\/[\w-]{43}$/);
    await expect(publicSwitch).toBeChecked();
    await keepScreenshot(page, 'share-dialog');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const row = page.locator(`[data-testid="folder-row"][data-folder-name="${folderName}"]`);
    await expect(row.getByTestId('folder-share')).toBeFocused();
    await expect(row.getByTestId('folder-shared')).toContainText('Public link · 1 private link');
  });

  test('the invitee signs up from the mail and opens the site', async ({ page, baseURL }) => {
    const invite = await invitationLinkFor(baseURL!, inviteeEmail);
    await signUpFromInvitation(page, baseURL!, { invite, email: inviteeEmail, folderName });
  });

  test('a second account opens the copied private link', async ({ page, context, baseURL }) => {
    const reader = await signUpThroughApi(baseURL!, 'reader');
    await enterWithToken(context, baseURL!, reader.token);
    await page.goto(new URL(privateLink).pathname);
    await expect(page.getByTestId('invite-folder-name')).toHaveText(folderName);
    await page.getByRole('button', { name: 'Open' }).click();
    await expectSite(page, folderName);

    // it is on the reader's shared list, with the owner, the permission and when access ends
    await page.goto('/app/export');
    await page.getByTestId('staticdocs-view-sharedFolder').click();
    const row = page.locator(`[data-testid="folder-row"][data-folder-name="${folderName}"]`);
    await expect(row.getByTestId('folder-owner')).toHaveText('Shared by Shell Tester · viewer');
    await expect(row.getByTestId('folder-access-ends')).not.toHaveText('When revoked');
    await expect(row.getByTestId('folder-share')).toHaveCount(0);
  });

  test('the public link opens the site logged out', async ({ page }) => {
    await page.goto(new URL(publicLink).pathname);
    await expectSite(page, folderName);
  });

  test('on a phone, the owner sees the opens, revokes the private link, and the link says so', async ({
    page,
    context,
    baseURL,
  }) => {
    // the first test's browser replaced the sign-up token: a later visit logs in again
    await enterWithToken(context, baseURL!, await logInThroughApi(baseURL!, owner.email));
    await page.setViewportSize(PHONE);
    const dialog = await openShareDialog(page, folderName);
    const privateRow = shareRow(dialog, 'private');
    await expect(privateRow.getByTestId('share-opens')).toHaveText('1');
    await expect(privateRow.getByTestId('share-status')).toHaveText('Active');
    await expect(shareRow(dialog, 'email')).toHaveAttribute('data-status', 'accepted');
    await expect(shareRow(dialog, 'email').getByTestId('share-accepted-by')).toContainText(
      'Invited Reader',
    );
    await expect(shareRow(dialog, 'public').getByTestId('share-opens')).toHaveText('1');
    // nothing in the dialog or the page is wider than the phone
    const fits = await dialog.evaluate((element) => ({
      dialog: element.scrollWidth <= element.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(fits.dialog).toBe(true);
    expect(fits.page).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'share-dialog-phone');
    await privateRow.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'share-dialog-phone-list');

    await privateRow.getByRole('button', { name: /^Revoke private link/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this private link?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(privateRow).toHaveAttribute('data-status', 'revoked');
    await expect(privateRow.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);

    await expect(dialog.getByTestId('share-announcement')).toHaveText('Private link revoked');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await openShareDialog(page, folderName);
    await keepScreenshot(page, 'share-dialog-phone-dark');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();

    await page.goto(new URL(privateLink).pathname);
    await expect(page.getByTestId('invite-unavailable')).toContainText(
      'This invitation has expired or was revoked.',
    );
  });
});
