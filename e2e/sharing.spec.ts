import type { APIRequestContext } from '@playwright/test';
import { unique } from './app-steps';
import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterWithToken, signUpThroughApi } from './session';
import { expectSite, invitationLinkFor, signUpFromInvitation } from './sharing-steps';
import { apiAs, buildSiteThroughApi } from './sites';

const GREET_TS = `/** Greets someone by name. */
export function greet(name: string): string {
  return \`Hello \${name}\`;
}
`;

/**
 * Issue 17 in Chromium against the real server: a site built through the API, shared by
 * private link (opened from the invitation page by a second account), by e-mail (the invitee
 * signs up from the mail and comes back), by public link (opened logged out), and a private
 * link that expired.
 */
test.describe('sharing a documentation site', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let served: ServedRepo;
  let owner: APIRequestContext;
  let folderId: string;
  const folderName = unique('Shared docs');

  test.beforeAll(async ({ baseURL }) => {
    const repoName = unique('greeter');
    served = createServedRepo(repoName, { 'src/greet.ts': GREET_TS });
    const account = await signUpThroughApi(baseURL!, 'owner');
    owner = await apiAs(baseURL!, account.token);
    folderId = await buildSiteThroughApi(owner, served, folderName);
  });

  test.afterAll(async () => {
    await owner?.dispose();
    served?.dispose();
  });

  const share = async (kind: 'private' | 'public' | 'email', data?: object) => {
    const response = await owner.post(`/api/v1/staticdocs/folder/${folderId}/share/${kind}`, {
      ...(data && { data }),
    });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };

  test('a second account opens a private link from the invitation page', async ({
    page,
    context,
    baseURL,
  }) => {
    const { url } = (await share('private', { permission: 'viewer', expiry: 3600 })) as {
      url: string;
    };
    const reader = await signUpThroughApi(baseURL!, 'reader');
    await enterWithToken(context, baseURL!, reader.token);

    await page.goto(new URL(url).pathname);
    await expect(page.getByTestId('invite-folder-name')).toHaveText(folderName);
    await expect(page.getByTestId('invite-owner')).toHaveText('Shell Tester');
    await expect(page.getByTestId('invite-permission')).toHaveText('viewer');
    await keepScreenshot(page, 'invite-private-link');
    await page.getByRole('button', { name: 'Open' }).click();
    await expectSite(page, folderName);

    // the folder is now on the reader's shared list, with the link's permission
    const api = await apiAs(baseURL!, reader.token);
    const shared = (await (await api.get('/api/v1/staticdocs/folders/shared')).json()) as {
      folders: { folder_id: string; permission: string }[];
    };
    await api.dispose();
    expect(shared.folders).toEqual([
      expect.objectContaining({ folder_id: folderId, permission: 'viewer' }),
    ]);
  });

  test('an invitee signs up from the mail, comes back to the invitation and opens the site', async ({
    page,
    baseURL,
  }) => {
    const email = `${unique('invitee')}@example.test`;
    await share('email', { permission: 'viewer', email_ids: [email] });
    const invite = await invitationLinkFor(baseURL!, email);
    await signUpFromInvitation(page, baseURL!, { invite, email, folderName });
  });

  test('a public link opens the site logged out', async ({ page }) => {
    const { url } = (await share('public')) as { url: string };
    await page.goto(new URL(url).pathname);
    await expectSite(page, folderName);
  });

  test('an expired private link says so', async ({ page }) => {
    const { url } = (await share('private', { permission: 'viewer', expiry: 1 })) as {
      url: string;
    };
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await page.goto(new URL(url).pathname);
    await expect(page.getByTestId('invite-unavailable')).toContainText(
      'This invitation has expired or was revoked.',
    );
    await keepScreenshot(page, 'invite-expired');
  });
});
