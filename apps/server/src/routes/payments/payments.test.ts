import {
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  planListResponseSchema,
  subscriptionResponseSchema,
} from '@codedocs/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tokens } from '../../auth/tokens';
import { isAppError } from '../../errors/index';
import { verifyPlanToken } from '../../services/billing/subscription-service';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

async function planRefusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { status: error.statusCode, message: error.message };
  }
  return 'accepted';
}

const REFUSED = { status: 403, message: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND };

describe.each(dialects)('subscription and plan token on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const subscription = (token: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/v2/payments/subscription',
      headers: bearer(token),
    });

  it('starts a new user on free and signs a plan token for them', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'plan@example.com');
    const response = await subscription(token);
    expect(response.statusCode).toBe(200);
    const body = subscriptionResponseSchema.parse(response.json());
    expect(body).toMatchObject({ plan: 'free', status: 'active', purchases: [] });
    expect(body.quotas.repos).toBe(3);
    const claims = decodeJwt(body.jwt);
    expect(claims).toMatchObject({ sub: user.id, plan: 'free', typ: 'plan' });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(await verifyPlanToken(testApp.app.services, body.jwt, user.id)).toBe('free');
  });

  it('refuses forged, expired, foreign, outdated and missing plan tokens with 403', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'planned@example.com');
    const other = await createVerifiedUser(testApp.app, 'other-plan@example.com');
    const good = subscriptionResponseSchema.parse((await subscription(token)).json()).jwt;
    const foreign = subscriptionResponseSchema.parse((await subscription(other.token)).json()).jwt;
    const ctx = testApp.app.services;
    const forged = await new Tokens('a-different-secret-of-enough-length').sign('plan', {
      sub: user.id,
      plan: 'team',
    });
    const expired = await testApp.app.tokens.sign('plan', { sub: user.id, plan: 'free' }, -5);
    const claimsTeam = await testApp.app.tokens.sign('plan', { sub: user.id, plan: 'team' });
    const sessionAsPlan = token;

    for (const bad of [forged, expired, foreign, claimsTeam, sessionAsPlan, undefined, '']) {
      expect(await planRefusal(verifyPlanToken(ctx, bad, user.id))).toEqual(REFUSED);
    }
    expect(await planRefusal(verifyPlanToken(ctx, good, user.id))).toBe('accepted');

    // A token stops working once the stored subscription no longer matches it.
    await testApp.app.db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('user_id', '=', user.id)
      .execute();
    expect(await planRefusal(verifyPlanToken(ctx, good, user.id))).toEqual(REFUSED);
  });

  it('lists the plans one can buy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v2/payments/plans' });
    const body = planListResponseSchema.parse(response.json());
    expect(body.plans.map((plan) => plan.plan_id)).toEqual(['free', 'pro', 'team']);
  });

  it('seeds the plan catalogue idempotently', async () => {
    const plans = await testApp.app.db
      .selectFrom('plans')
      .select(['id', 'quotas'])
      .orderBy('id')
      .execute();
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'pro', 'self-hosted', 'team']);
    expect(JSON.parse(plans[0]?.quotas ?? '{}')).toMatchObject({ repos: 3 });
  });
});

describe.each(dialects)('BILLING=off on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { billing: 'off' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers everyone as self-hosted', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'selfhost@example.com');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/payments/subscription',
      headers: bearer(token),
    });
    const body = subscriptionResponseSchema.parse(response.json());
    expect(body.plan).toBe('self-hosted');
    expect(body.quotas).toEqual({
      repos: null,
      generated_objects_per_month: null,
      static_folders: null,
      static_folder_bytes: null,
    });
    expect(await verifyPlanToken(testApp.app.services, body.jwt, user.id)).toBe('self-hosted');
    const stored = await testApp.app.db
      .selectFrom('subscriptions')
      .select('plan_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(stored?.plan_id).toBe('self-hosted');
  });
});
