import { createHash } from 'node:crypto';
import {
  activityFeedResponseSchema,
  emailShareResponseSchema,
  folderListResponseSchema,
  folderSharesResponseSchema,
  invitePreviewResponseSchema,
  privateFolderResponseSchema,
  privateShareResponseSchema,
  publicFolderResponseSchema,
  publicShareResponseSchema,
  sessionResponseSchema,
  type Share,
} from '@codedocs/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, tokenOf } from '../../test/accounts';
import { waitForTask } from '../../test/jobs';
import { createPublishedFolder, type TestUser } from '../../test/published-folders';
import { linkIn, startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { LINK_NOT_FOUND } from '../../services/sites/share-links-service';

const dialects = await testDialects();
const PUBLIC_URL = 'http://docs.test:3000';
const MINUTE = 60_000;

/** Issue 17: sharing folders by public link, private link and e-mail, on both databases. */
describe.each(dialects)('sharing folders on %s', (dialect) => {
  let testApp: TestApp;
  let smtp: SmtpSink;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const app = () => testApp.app;
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    user?: TestUser,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app().inject({
      method,
      url,
      headers: { ...(user && bearer(user.token)), ...headers },
      ...(payload && { payload }),
    });
  const folderUrl = (id: string) => `/api/v1/staticdocs/folder/${id}`;
  const sitePath = (url: string) => new URL(url).pathname;

  /** Signs up through the real SMTP server: the confirmation mail's link starts the session. */
  async function signUp(email: string, next?: string) {
    const response = await call('POST', '/api/v1/auth/signup', undefined, {
      email,
      password: 'correct horse battery',
      name: email.split('@')[0],
      ...(next && { next }),
    });
    expect(response.statusCode).toBe(202);
    const mail = await smtp.waitFor(email.toLowerCase(), /Confirm your e-mail/);
    const link = linkIn(mail.text, `${PUBLIC_URL}/auth/verify?token=`);
    const verified = await call('POST', '/api/v1/auth/verify', undefined, {
      token: tokenOf(link),
    });
    const session = sessionResponseSchema.parse(verified.json());
    return { user: { id: session.user.id, token: session.token }, link };
  }

  const makePrivate = async (folderId: string, permission: string, expiry: number | string) => {
    const response = await call('POST', `${folderUrl(folderId)}/share/private`, owner, {
      permission,
      expiry,
    });
    expect(response.statusCode, response.body).toBe(201);
    return privateShareResponseSchema.parse(response.json());
  };
  const openPrivate = (slug: string, user: TestUser) =>
    call('GET', `/api/v1/staticdocs/private/${slug}`, user);
  const sharedList = async (user: TestUser) =>
    folderListResponseSchema.parse(
      (await call('GET', '/api/v1/staticdocs/folders/shared', user)).json(),
    ).folders;
  const sharesOf = async (folderId: string, user: TestUser = owner): Promise<Share[]> =>
    folderSharesResponseSchema.parse(
      (await call('GET', `${folderUrl(folderId)}/shares`, user)).json(),
    ).shares;
  /** The answer to a slug nobody made (public link without a user, private with one). */
  const unknownAnswer = async (user?: TestUser) => {
    const kind = user ? 'private' : 'public';
    const response = await call('GET', `/api/v1/staticdocs/${kind}/${'x'.repeat(43)}`, user);
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    testApp = await createTestApp(dialect, {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      logLevel: 'error',
    });
    ({ user: owner } = await signUp('owner@example.com'));
    ({ user: alice } = await signUp('alice@example.com'));
    ({ user: bob } = await signUp('bob@example.com'));
    ({ user: carol } = await signUp('carol@example.com'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('opens a public link without a login, read-only, and never indexed or referred', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Public docs');
    const made = await call('POST', `${folderUrl(folderId)}/share/public`, owner);
    expect(made.statusCode, made.body).toBe(201);
    const { slug, url } = publicShareResponseSchema.parse(made.json());
    expect(url).toBe(`${PUBLIC_URL}/api/v1/staticdocs/public/${slug}`);

    const opened = await call('GET', `/api/v1/staticdocs/public/${slug}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['x-robots-tag']).toMatch(/noindex/);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    const answer = publicFolderResponseSchema.parse(opened.json());
    expect(answer.folder).toMatchObject({ folder_id: folderId, name: 'Public docs' });
    expect(answer.folder.owner.name).toBe('owner');
    expect(answer.permission).toBe('viewer');
    const page = await call('GET', sitePath(answer.site!.url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Public docs</h1>');
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);

    // a browser following the link lands on the site
    const browser = await call('GET', `/api/v1/staticdocs/public/${slug}`, undefined, undefined, {
      accept: 'text/html,application/xhtml+xml',
    });
    expect(browser.statusCode).toBe(303);
    expect(sitePath(browser.headers.location as string)).toMatch(/^\/sites\/.+\/index\.html$/);

    // nothing is granted beyond reading: no membership, no API access with or without a login
    expect(await sharedList(alice)).toEqual([]);
    expect((await call('GET', `${folderUrl(folderId)}/metadata`, alice)).statusCode).toBe(404);
    expect((await call('POST', `${folderUrl(folderId)}/update`)).statusCode).toBe(401);

    // a new link replaces the old one: its slug and its site answer 404
    const again = publicShareResponseSchema.parse(
      (await call('POST', `${folderUrl(folderId)}/share/public`, owner)).json(),
    );
    expect(again.slug).not.toBe(slug);
    const old = await call('GET', `/api/v1/staticdocs/public/${slug}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual((await unknownAnswer()).body);
    expect((await call('GET', sitePath(answer.site!.url))).statusCode).toBe(404);
    const fresh = publicFolderResponseSchema.parse(
      (await call('GET', `/api/v1/staticdocs/public/${again.slug}`)).json(),
    );
    expect((await call('GET', sitePath(fresh.site!.url))).statusCode).toBe(200);

    // the owner sees both links, the opens of each, and can revoke the live one
    const shares = await sharesOf(folderId);
    const byId = (id: string) => shares.find((share) => share.share_id === id);
    expect(shares).toHaveLength(2);
    expect(byId(again.share_id)).toMatchObject({ kind: 'public', status: 'active', opens: 1 });
    expect(byId(publicShareResponseSchema.parse(made.json()).share_id)).toMatchObject({
      kind: 'public',
      status: 'revoked',
      opens: 2,
    });
    expect(byId(again.share_id)?.last_opened_at).not.toBeNull();
    const revoked = await call('DELETE', `${folderUrl(folderId)}/share/${again.share_id}`, owner);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', `/api/v1/staticdocs/public/${again.slug}`)).statusCode).toBe(404);
    expect((await call('GET', sitePath(fresh.site!.url))).statusCode).toBe(404);
    const gone = await call(
      'GET',
      `/api/v1/staticdocs/public/${again.slug}`,
      undefined,
      undefined,
      {
        accept: 'text/html',
      },
    );
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(`${LINK_NOT_FOUND}.`);
  });

  it('adds a private link to each account that opens it, until it expires; open sites stop too', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const folderId = await createPublishedFolder(app(), owner, 'Private docs');
    const otherId = await createPublishedFolder(app(), owner, 'Not shared');
    const link = await makePrivate(folderId, 'viewer', 10 * 60);
    expect(link.url).toBe(`${PUBLIC_URL}/invite/folder/private/${link.slug}`);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(9 * MINUTE);

    const preview = await call('GET', `/api/v1/staticdocs/private/${link.slug}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(invitePreviewResponseSchema.parse(preview.json())).toMatchObject({
      kind: 'private',
      folder: { name: 'Private docs', owner: { name: 'owner' } },
      permission: 'viewer',
      expires_at: link.expires_at,
    });
    expect(preview.headers['x-robots-tag']).toMatch(/noindex/);
    const page = await call('GET', new URL(link.url).pathname, undefined, undefined, {
      accept: 'text/html',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await call('GET', `/api/v1/staticdocs/private/${link.slug}`)).statusCode).toBe(401);

    const opened = await openPrivate(link.slug, alice);
    expect(opened.statusCode, opened.body).toBe(200);
    const access = privateFolderResponseSchema.parse(opened.json());
    expect(access).toMatchObject({ permission: 'viewer', expires_at: link.expires_at });
    expect(access.folder.folder_id).toBe(folderId);
    const [listed] = await sharedList(alice);
    expect(listed).toMatchObject({ folder_id: folderId, permission: 'viewer' });
    expect(listed!.shares).toEqual([
      {
        share_id: link.share_id,
        kind: 'private',
        permission: 'viewer',
        expires_at: link.expires_at,
      },
    ]);
    const site = sitePath(access.site!.url);
    const opens = await call('GET', site);
    // (once seen failing under heavy load, on PostgreSQL only: say what alice could see then)
    if (opens.statusCode !== 200) {
      const metadata = await call('GET', `${folderUrl(folderId)}/metadata`, alice);
      expect.fail(
        `site answered ${opens.statusCode} at ${new Date().toISOString()} (link expires ` +
          `${link.expires_at}); alice's metadata: ${metadata.statusCode} ${metadata.body}`,
      );
    }
    // the link grants its folder only
    expect((await call('GET', `${folderUrl(otherId)}/metadata`, alice)).statusCode).toBe(404);

    // a second account opens the same link
    expect((await openPrivate(link.slug, bob)).statusCode).toBe(200);
    expect((await sharedList(bob)).map((f) => f.folder_id)).toEqual([folderId]);

    // past the expiry: the open site's next file, the folder, the list and the link all end
    vi.setSystemTime(Date.now() + 11 * MINUTE);
    expect((await call('GET', site)).statusCode).toBe(404);
    expect((await call('GET', site.replace('index.html', 'assets/site.css'))).statusCode).toBe(404);
    expect((await call('GET', `${folderUrl(folderId)}/metadata`, alice)).statusCode).toBe(404);
    expect(await sharedList(alice)).toEqual([]);
    const expired = await openPrivate(link.slug, carol);
    expect({ status: expired.statusCode, body: expired.json() }).toEqual(
      await unknownAnswer(carol),
    );
    expect((await call('GET', `/api/v1/staticdocs/private/${link.slug}/preview`)).statusCode).toBe(
      404,
    );
    const [share] = await sharesOf(folderId);
    expect(share).toMatchObject({ kind: 'private', status: 'expired', opens: 2 });
  });

  it('ends access through a revoked link at once, answering as for an unknown slug', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Revoked docs');
    const link = await makePrivate(folderId, 'editor', 3600);
    const access = privateFolderResponseSchema.parse((await openPrivate(link.slug, carol)).json());
    const site = sitePath(access.site!.url);
    expect((await call('GET', site)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `${folderUrl(folderId)}/share/${link.share_id}`, owner)).statusCode,
    ).toBe(204);
    expect((await call('GET', site)).statusCode).toBe(404);
    expect((await call('GET', `${folderUrl(folderId)}/metadata`, carol)).statusCode).toBe(404);
    const again = await openPrivate(link.slug, carol);
    expect({ status: again.statusCode, body: again.json() }).toEqual(await unknownAnswer(carol));
    const [share] = await sharesOf(folderId);
    expect(share?.status).toBe('revoked');
    // the owner's activity tells the link's story; carol's holds none of it
    const feed = async (user: typeof owner) =>
      activityFeedResponseSchema
        .parse((await call('GET', '/api/v1/activity/events?category=sites&limit=100', user)).json())
        .events.filter((event) => event.subject === link.share_id);
    expect((await feed(owner)).map((event) => event.kind).sort()).toEqual([
      'share.created',
      'share.opened',
      'share.revoked',
    ]);
    expect((await feed(owner)).find((e) => e.kind === 'share.opened')?.actor_id).toBe(carol.id);
    expect(await feed(carol)).toEqual([]);
  });

  it('takes an expiry in seconds or as an ISO-8601 time, in the future and within 365 days', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Expiry docs');
    const at = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    expect((await makePrivate(folderId, 'viewer', at)).expires_at).toBe(at);
    // the same instant written with another offset
    const inTwoHours = new Date(Date.now() + 2 * 3600_000);
    const withOffset = new Date(inTwoHours.getTime() + 2 * 3600_000)
      .toISOString()
      .replace('Z', '+02:00');
    expect((await makePrivate(folderId, 'viewer', withOffset)).expires_at).toBe(
      inTwoHours.toISOString(),
    );
    const refused = async (expiry: unknown) => {
      const response = await call('POST', `${folderUrl(folderId)}/share/private`, owner, {
        permission: 'viewer',
        expiry,
      });
      return [response.statusCode, response.json().field];
    };
    expect(await refused(0)).toEqual([400, 'body.expiry']);
    expect(await refused(366 * 24 * 3600)).toEqual([400, 'body.expiry']);
    expect(await refused('2001-01-01T00:00:00Z')).toEqual([400, 'body.expiry']);
    expect(await refused('tomorrow')).toEqual([400, 'body.expiry']);
    expect(await refused(new Date(Date.now() + 400 * 24 * 3600_000).toISOString())).toEqual([
      400,
      'body.expiry',
    ]);
  });

  it('lets a viewer only read, and an editor also update, download and re-share as viewer', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Team docs');
    const base = folderUrl(folderId);
    const viewerLink = await makePrivate(folderId, 'viewer', 3600);
    const editorLink = await makePrivate(folderId, 'editor', 3600);
    expect((await openPrivate(viewerLink.slug, alice)).statusCode).toBe(200);
    expect((await openPrivate(editorLink.slug, bob)).statusCode).toBe(200);
    const ownerShareId = viewerLink.share_id;
    const writes = (user: TestUser) =>
      Promise.all([
        call('POST', `${base}/update`, user),
        call('GET', `${base}/files`, user),
        call('POST', `${base}/files`, user, { file_ids: ['x'] }),
        call('POST', `${base}/share/public`, user),
        call('POST', `${base}/share/private`, user, { permission: 'editor', expiry: 60 }),
        call('DELETE', `${base}/share/${ownerShareId}`, user),
        call('DELETE', `/api/v1/staticdocs/folders/created/${folderId}`, user),
      ]);

    // the viewer: every write refused, reading allowed
    const viewerWrites = await writes(alice);
    expect(viewerWrites.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 404]);
    for (const refused of [
      await call('POST', `${base}/share/private`, alice, { permission: 'viewer', expiry: 60 }),
      await call('POST', `${base}/share/email`, alice, { email_ids: ['x@example.com'] }),
      await call('GET', `${base}/shares`, alice),
    ]) {
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('GET', `${base}/metadata`, alice)).statusCode).toBe(200);
    expect((await call('POST', `${base}/open`, alice)).statusCode).toBe(200);

    // the editor: no public link, no editor links, no one else's shares, no deleting
    const editorWrites = await writes(bob);
    expect(editorWrites.map((r) => r.statusCode)).toEqual([202, 200, 404, 403, 403, 404, 404]);
    await waitForTask(app(), editorWrites[0]!.json().task_id, owner.id);
    const reshared = await call('POST', `${base}/share/private`, bob, {
      permission: 'viewer',
      expiry: 600,
    });
    expect(reshared.statusCode, reshared.body).toBe(201);
    const bobsLink = privateShareResponseSchema.parse(reshared.json());
    const invited = await call('POST', `${base}/share/email`, bob, {
      email_ids: ['friend@example.com'],
    });
    expect(invited.statusCode).toBe(201);
    expect((await sharesOf(folderId, bob)).map((s) => s.created_by.user_id)).toEqual([
      bob.id,
      bob.id,
    ]);
    expect((await sharesOf(folderId)).length).toBe(4);

    // the editor's link works while the editor keeps editor access, and no longer after
    expect((await openPrivate(bobsLink.slug, carol)).statusCode).toBe(200);
    expect((await call('GET', `${base}/metadata`, carol)).statusCode).toBe(200);
    await call('DELETE', `${base}/share/${editorLink.share_id}`, owner);
    expect((await call('GET', `${base}/metadata`, carol)).statusCode).toBe(404);
    expect((await openPrivate(bobsLink.slug, carol)).statusCode).toBe(404);
    const statuses = new Map((await sharesOf(folderId)).map((s) => [s.share_id, s.status]));
    expect(statuses.get(bobsLink.share_id)).toBe('suspended');
    expect(statuses.get(editorLink.share_id)).toBe('revoked');
  });

  it('mails one invitation per address; its link works once, for that address, after a sign-up', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Invited docs');
    const sent = await call('POST', `${folderUrl(folderId)}/share/email`, owner, {
      permission: 'editor',
      email_ids: ['Dana@Example.com', 'dana@example.com', 'erin@example.com'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = emailShareResponseSchema.parse(sent.json());
    expect(answer.permission).toBe('viewer');
    expect(answer.invitations.map((i) => [i.email, i.permission, i.status])).toEqual([
      ['dana@example.com', 'viewer', 'pending'],
      ['erin@example.com', 'viewer', 'pending'],
    ]);
    const danaMail = await smtp.waitFor('dana@example.com', /Invited docs/);
    await smtp.waitFor('erin@example.com', /Invited docs/);
    const invitationMails = smtp.received.filter((mail) => mail.subject.includes('Invited docs'));
    expect(invitationMails.map((mail) => mail.to).sort()).toEqual([
      ['dana@example.com'],
      ['erin@example.com'],
    ]);
    const invite = linkIn(danaMail.text, `${PUBLIC_URL}/invite/folder/private/`);
    expect(danaMail.html).toContain(`href="${invite}"`);
    const slug = invite.split('/').pop()!;
    const preview = invitePreviewResponseSchema.parse(
      (await call('GET', `/api/v1/staticdocs/private/${slug}/preview`)).json(),
    );
    expect(preview).toMatchObject({ kind: 'email', permission: 'viewer' });

    // Dana has no account: she signs up from the invitation and comes back to it
    const invitePath = new URL(invite).pathname;
    const { user: dana, link: verifyLink } = await signUp('dana@example.com', invitePath);
    expect(new URL(verifyLink).searchParams.get('next')).toBe(invitePath);
    // someone else with the link cannot use it
    expect((await openPrivate(slug, alice)).statusCode).toBe(403);
    const opened = await openPrivate(slug, dana);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(privateFolderResponseSchema.parse(opened.json())).toMatchObject({
      permission: 'viewer',
      expires_at: null,
    });
    expect((await sharedList(dana)).map((f) => f.folder_id)).toEqual([folderId]);
    // used: it opens again for Dana only
    expect((await openPrivate(slug, dana)).statusCode).toBe(200);
    const shares = await sharesOf(folderId);
    const danas = shares.find((s) => s.email === 'dana@example.com')!;
    expect(danas).toMatchObject({ status: 'accepted', expires_at: null, opens: 2 });
    expect(danas.accepted_by?.user_id).toBe(dana.id);

    // Erin's invitation is revoked before she uses it
    const erins = shares.find((s) => s.email === 'erin@example.com')!;
    await call('DELETE', `${folderUrl(folderId)}/share/${erins.share_id}`, owner);
    const erinSlug = linkIn(
      (await smtp.waitFor('erin@example.com', /Invited docs/)).text,
      `${PUBLIC_URL}/invite/folder/private/`,
    )
      .split('/')
      .pop()!;
    const { user: erin } = await signUp('erin@example.com');
    expect((await openPrivate(erinSlug, erin)).statusCode).toBe(404);
    expect(await sharedList(erin)).toEqual([]);
  });

  it('keeps only the SHA-256 of each slug, of 256 random bits', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Hashed docs');
    const slugs = [
      publicShareResponseSchema.parse(
        (await call('POST', `${folderUrl(folderId)}/share/public`, owner)).json(),
      ).slug,
      (await makePrivate(folderId, 'viewer', 60)).slug,
      (await makePrivate(folderId, 'editor', 60)).slug,
    ];
    for (const slug of slugs) {
      expect(slug).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(slug, 'base64url').length).toBe(32);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
    const rows = await app().db.selectFrom('shares').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const slug of slugs) {
      expect(stored).not.toContain(slug);
      const hash = createHash('sha256').update(slug).digest('hex');
      expect(rows.filter((row) => row.token_hash === hash)).toHaveLength(1);
    }
  });

  it('limits the failed lookups of one client address (429 with Retry-After)', async () => {
    const folderId = await createPublishedFolder(app(), owner, 'Guarded docs');
    const { slug } = publicShareResponseSchema.parse(
      (await call('POST', `${folderUrl(folderId)}/share/public`, owner)).json(),
    );
    const from = (remoteAddress: string, url: string) =>
      app().inject({ method: 'GET', url, remoteAddress });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const guess = `${attempt}`.padStart(43, 'g');
      expect((await from('203.0.113.7', `/api/v1/staticdocs/public/${guess}`)).statusCode).toBe(
        404,
      );
    }
    const limited = await from(
      '203.0.113.7',
      `/api/v1/staticdocs/private/${'g'.repeat(43)}/preview`,
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.7', `/api/v1/staticdocs/public/${slug}`)).statusCode).toBe(429);
    expect((await from('203.0.113.8', `/api/v1/staticdocs/public/${slug}`)).statusCode).toBe(200);
  });
});
