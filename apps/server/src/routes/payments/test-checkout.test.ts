import {
  activityFeedResponseSchema,
  checkoutResponseSchema,
  generationPreferencesSchema,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  PLAN_CATALOGUE,
  purchaseSchema,
  subscriptionResponseSchema,
  usageResponseSchema,
} from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../errors/index';
import { verifyPlanToken } from '../../services/billing/subscription-service';
import { expireTestCheckouts } from '../../services/billing/test-provider';
import { usageMonth } from '../../services/livedocs/generation';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();
const [free, pro, team] = PLAN_CATALOGUE;

describe.each(dialects)('BILLING=test checkout on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const inject = (
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    testApp.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: bearer(token),
      ...(payload && { payload }),
    });

  const subscription = async (token: string) =>
    subscriptionResponseSchema.parse((await inject(token, 'GET', '/payments/subscription')).json());

  const checkout = async (token: string, priceId: string | null | undefined) => {
    const response = await inject(token, 'POST', '/payments/checkout', { price_id: priceId });
    expect(response.statusCode).toBe(200);
    return checkoutResponseSchema.parse(response.json()).url;
  };

  /** The browser on the test checkout page: the page, then a press of Pay or Cancel. */
  const press = async (url: string, button: 'pay' | 'cancel') => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${url}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    return response.headers.location as string;
  };

  /** Moves the stored period end into the past, as time passing would. */
  const endPeriod = (userId: string) =>
    testApp.app.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();

  it('buys Pro end to end: page that says no money moves, Pay, plan and purchase, new plan token', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'buyer@example.com');
    const before = await subscription(token);
    expect(before).toMatchObject({ plan: 'free', billing: 'test', portal: false });

    const url = await checkout(token, pro!.price_id);
    expect(url).toMatch(/^\/api\/v2\/payments\/test-checkout\/[\w-]{40,}$/);
    const page = await testApp.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test checkout: no money moves.');
    expect(page.body).toContain('$15.00 / month');
    expect(page.body).toContain('100,000 generated objects per month');
    expect(page.body).toContain('data-testid="test-checkout-pay"');
    expect(page.body).toContain('data-testid="test-checkout-cancel"');

    // opening the checkout grants nothing: a pending purchase only
    const pending = await subscription(token);
    expect(pending.plan).toBe('free');
    expect(pending.purchases).toMatchObject([{ plan: 'pro', status: 'pending', amount: 1500 }]);
    const purchaseId = pending.purchases[0]!.purchase_id;

    const location = await press(url, 'pay');
    expect(location).toBe(`/app/settings/parser?checkout=${purchaseId}`);

    const after = await subscription(token);
    expect(after).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancel_at_period_end: false,
      scheduled_plan: null,
      quotas: pro!.quotas,
    });
    const periodEnd = Date.parse(after.current_period_end ?? '');
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 24 * 3600 * 1000);
    expect(periodEnd - Date.now()).toBeLessThan(32 * 24 * 3600 * 1000);
    expect(after.purchases).toMatchObject([
      { purchase_id: purchaseId, plan: 'pro', price_id: 'price_pro_monthly', status: 'paid' },
    ]);
    const outcome = await inject(token, 'GET', `/payments/purchases/${purchaseId}`);
    expect(purchaseSchema.parse(outcome.json()).status).toBe('paid');

    // the token minted before the change no longer passes; the new one is Pro at once
    const ctx = testApp.app.services;
    await expect(verifyPlanToken(ctx, before.jwt, user.id)).rejects.toSatisfy(
      (error) => isAppError(error) && error.message === NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
    );
    expect(await verifyPlanToken(ctx, after.jwt, user.id)).toBe('pro');

    // the profile lists the purchase, and Pay again changes nothing
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      headers: bearer(token),
    });
    expect(profile.json().purchases).toMatchObject([{ purchase_id: purchaseId, status: 'paid' }]);
    expect(await press(url, 'pay')).toBe(location);
    const again = await subscription(token);
    expect(again.purchases).toHaveLength(1);
    expect(again.current_period_end).toBe(after.current_period_end);
    const settledPage = await testApp.app.inject({ method: 'GET', url });
    expect(settledPage.body).toContain('This checkout is paid already.');
    // one plan.bought in the buyer's activity, for the one payment
    const feed = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/activity/events?category=billing',
      headers: bearer(token),
    });
    expect(
      activityFeedResponseSchema.parse(feed.json()).events.map(({ kind, subject, data }) => ({
        kind,
        subject,
        data,
      })),
    ).toEqual([
      {
        kind: 'plan.bought',
        subject: purchaseId,
        data: { plan: 'pro', amount: pro!.amount, currency: pro!.currency },
      },
    ]);

    const usage = usageResponseSchema.parse((await inject(token, 'GET', '/payments/usage')).json());
    expect(usage.quotas).toEqual(pro!.quotas);
  });

  it('Cancel on the checkout page leaves the plan and marks the purchase canceled', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'leaver@example.com');
    const url = await checkout(token, team!.price_id);
    const purchaseId = (await subscription(token)).purchases[0]!.purchase_id;
    expect(await press(url, 'cancel')).toBe(
      `/app/settings/parser?checkout=${purchaseId}&canceled=1`,
    );
    const after = await subscription(token);
    expect(after.plan).toBe('free');
    expect(after.purchases).toMatchObject([{ purchase_id: purchaseId, status: 'canceled' }]);
    // Pay after Cancel does not sell the plan
    await press(url, 'pay');
    expect((await subscription(token)).plan).toBe('free');
    // coming back through the cancel address again changes nothing
    const abandoned = await inject(token, 'POST', `/payments/purchases/${purchaseId}/cancel`);
    expect(abandoned.json()).toMatchObject({ status: 'canceled' });
  });

  it('expires a checkout left open for a day, whose page then sells nothing', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'wanderer@example.com');
    const stale = await checkout(token, pro!.price_id);
    const staleId = (await subscription(token)).purchases[0]!.purchase_id;
    const fresh = await checkout(token, team!.price_id);
    // the first checkout was opened 25 hours ago
    await testApp.app.db
      .updateTable('purchases')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', staleId)
      .execute();
    expect(await expireTestCheckouts(testApp.app.db)).toBe(1);
    expect(await expireTestCheckouts(testApp.app.db)).toBe(0);
    const after = await subscription(token);
    expect(after.purchases.find((p) => p.purchase_id === staleId)?.status).toBe('expired');
    expect(after.purchases.filter((p) => p.status === 'pending')).toHaveLength(1);
    await press(stale, 'pay');
    expect((await subscription(token)).plan).toBe('free');
    // the checkout opened today still sells
    await press(fresh, 'pay');
    expect((await subscription(token)).plan).toBe('team');
  });

  it('cancels at the period end, resumes, and ends on free once the period is over', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'canceller@example.com');
    expect((await inject(token, 'POST', '/payments/subscription/cancel')).statusCode).toBe(409);
    await press(await checkout(token, pro!.price_id), 'pay');

    const canceled = subscriptionResponseSchema.parse(
      (await inject(token, 'POST', '/payments/subscription/cancel')).json(),
    );
    expect(canceled).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
    const resumed = subscriptionResponseSchema.parse(
      (await inject(token, 'POST', '/payments/subscription/resume')).json(),
    );
    expect(resumed).toMatchObject({ plan: 'pro', cancel_at_period_end: false });
    // buying the plan one is on is refused
    const same = await inject(token, 'POST', '/payments/checkout', { price_id: pro!.price_id });
    expect(same.statusCode).toBe(409);

    await inject(token, 'POST', '/payments/subscription/cancel');
    await endPeriod(user.id);
    const ended = await subscription(token);
    expect(ended).toMatchObject({
      plan: 'free',
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: null,
      quotas: free!.quotas,
    });
    expect(await verifyPlanToken(testApp.app.services, ended.jwt, user.id)).toBe('free');
  });

  it('upgrades at once, downgrades at the period end, and renews a period that passed', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'changer@example.com');
    await press(await checkout(token, pro!.price_id), 'pay');
    await press(await checkout(token, team!.price_id), 'pay');
    const upgraded = await subscription(token);
    expect(upgraded).toMatchObject({ plan: 'team', scheduled_plan: null });

    await press(await checkout(token, pro!.price_id), 'pay');
    const downgrading = await subscription(token);
    expect(downgrading).toMatchObject({ plan: 'team', scheduled_plan: 'pro' });
    expect(downgrading.current_period_end).toBe(upgraded.current_period_end);
    expect(downgrading.purchases.map((p) => [p.plan, p.status])).toEqual([
      ['pro', 'paid'],
      ['team', 'paid'],
      ['pro', 'paid'],
    ]);

    await endPeriod(user.id);
    const renewed = await subscription(token);
    expect(renewed).toMatchObject({ plan: 'pro', scheduled_plan: null, status: 'active' });
    expect(Date.parse(renewed.current_period_end ?? '')).toBeGreaterThan(Date.now());
  });

  it('refuses unknown prices, other users’ purchases, strangers and unknown checkout tokens', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'careful@example.com');
    const other = await createVerifiedUser(testApp.app, 'other-buyer@example.com');
    const unknown = await inject(token, 'POST', '/payments/checkout', { price_id: 'price_gold' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'body.price_id' });
    const freePlan = await inject(token, 'POST', '/payments/checkout', { price_id: '' });
    expect(freePlan.statusCode).toBe(400);

    await checkout(other.token, pro!.price_id);
    const theirs = (await subscription(other.token)).purchases[0]!.purchase_id;
    expect((await inject(token, 'GET', `/payments/purchases/${theirs}`)).statusCode).toBe(404);
    expect((await inject(token, 'POST', `/payments/purchases/${theirs}/cancel`)).statusCode).toBe(
      404,
    );

    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/payments/checkout',
      payload: { price_id: pro!.price_id },
    });
    expect(anonymous.statusCode).toBe(401);
    const guessed = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/payments/test-checkout/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(guessed.statusCode).toBe(404);
    // the test provider has no portal, and says where to go instead
    const portal = await inject(token, 'POST', '/payments/portal');
    expect(portal.statusCode).toBe(404);
    expect(portal.json().message).toContain('Parser settings');
    // the webhook is Stripe's only
    const webhook = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhook',
      payload: { id: 'evt_1' },
    });
    expect(webhook.statusCode).toBe(404);
  });

  it('reports quota use: objects generated this month, repositories, folders', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'counter@example.com');
    await testApp.app.db
      .insertInto('generation_usage')
      .values({ user_id: user.id, month: usageMonth(), objects: 1234 })
      .execute();
    const usage = usageResponseSchema.parse((await inject(token, 'GET', '/payments/usage')).json());
    expect(usage).toEqual({
      month: usageMonth(),
      generated_objects: 1234,
      repos: 0,
      static_folders: 0,
      quotas: free!.quotas,
    });
  });

  it('keeps generation preferences: a doc style per language, the server model read-only', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'styled@example.com');
    const initial = generationPreferencesSchema.parse(
      (await inject(token, 'GET', '/livedocs/preferences')).json(),
    );
    expect(initial).toEqual({
      doc_styles: { python: 'google', typescript: 'tsdoc', javascript: 'jsdoc', cpp: 'javadoc' },
      model: { configured: false, name: null, per_user: false },
    });
    const changed = await inject(token, 'PUT', '/livedocs/preferences', {
      doc_styles: { python: 'numpy' },
    });
    expect(changed.json().doc_styles).toMatchObject({ python: 'numpy', typescript: 'tsdoc' });
    const bad = await inject(token, 'PUT', '/livedocs/preferences', {
      doc_styles: { python: 'haiku' },
    });
    expect(bad.statusCode).toBe(400);
    const again = await inject(token, 'GET', '/livedocs/preferences');
    expect(again.json().doc_styles.python).toBe('numpy');
  });
});

describe.each(dialects)('BILLING=off checkout on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { billing: 'off' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers checkout with 404 and the reason, and serves no test checkout page', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'selfhoster@example.com');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/payments/checkout',
      headers: bearer(token),
      payload: { price_id: pro!.price_id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'Billing is off on this server: everyone has the Self-hosted plan, with no limits',
    );
    const cancel = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/payments/subscription/cancel',
      headers: bearer(token),
    });
    expect(cancel.statusCode).toBe(404);
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/payments/test-checkout/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(page.statusCode).toBe(404);
    const usage = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/payments/usage',
      headers: bearer(token),
    });
    expect(usage.json().quotas.generated_objects_per_month).toBeNull();
  });
});
