import {
  checkoutResponseSchema,
  PLAN_CATALOGUE,
  subscriptionResponseSchema,
} from '@codedocs/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../config';
import { verifyPlanToken } from '../../services/billing/subscription-service';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();
const [, pro, team] = PLAN_CATALOGUE;
const WEBHOOK_SECRET = 'whsec_test_codedocs';
/** Only its webhook helpers are used: signing happens offline, no request leaves. */
const signer = new Stripe('sk_test_signer');
const DAY = 24 * 3600;

describe.each(dialects)('BILLING=stripe on %s', (dialect) => {
  let testApp: TestApp;
  let fake: FakeStripe;
  let eventCounter = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    const stripe: StripeConfig = {
      secretKey: 'sk_test_codedocs',
      webhookSecret: WEBHOOK_SECRET,
      prices: { pro: 'price_P', team: 'price_T' },
      apiUrl: fake.url,
    };
    testApp = await createTestApp(dialect, { billing: 'stripe', stripe });
  });

  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.failWith = undefined;
  });

  const subscription = async (token: string) =>
    subscriptionResponseSchema.parse(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/v2/payments/subscription',
          headers: bearer(token),
        })
      ).json(),
    );

  const post = (token: string, url: string, payload?: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/v2${url}`,
      headers: bearer(token),
      ...(payload && { payload }),
    });

  /** A Stripe event as Stripe sends it: JSON body, signed with the endpoint's secret. */
  function stripeEvent(
    type: string,
    object: Record<string, unknown>,
    id = `evt_${++eventCounter}`,
  ) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
    });
    return { id, payload };
  }

  const deliver = (
    event: { payload: string },
    signature = signer.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: WEBHOOK_SECRET,
    }),
  ) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: event.payload,
    });

  /** Opens a Stripe checkout for Pro; answers the purchase id and the session Stripe made. */
  async function openCheckout(token: string, priceId = pro!.price_id) {
    const response = await post(token, '/payments/checkout', { price_id: priceId });
    expect(response.statusCode).toBe(200);
    const { url } = checkoutResponseSchema.parse(response.json());
    const request = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    const sessionId = url.split('/').pop()!;
    const purchaseId = new URL(request!.form['success_url']!).searchParams.get('checkout')!;
    return { url, request: request!, sessionId, purchaseId };
  }

  /** What Stripe has once the checkout is paid: a customer and an active subscription. */
  function subscribe(userId: string, id: string, price = 'price_P', status = 'active') {
    fake.subscriptions.set(id, {
      id,
      customer: `cus_${userId.slice(0, 8)}`,
      status,
      price,
      itemId: `si_${id}`,
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * DAY,
      cancelAtPeriodEnd: false,
      metadata: { user_id: userId, plan_id: price === 'price_T' ? 'team' : 'pro' },
    });
    return fake.subscriptions.get(id)!;
  }

  const completedSession = (sessionId: string, userId: string, subscriptionId: string) =>
    stripeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: userId,
      metadata: { user_id: userId, plan_id: 'pro' },
      amount_total: 1500,
      currency: 'usd',
      customer: `cus_${userId.slice(0, 8)}`,
      subscription: subscriptionId,
    });

  // return addresses use the address the person opened (a loopback name without PUBLIC_URL:
  // `inject` sends Host localhost:80)
  it('opens a Checkout Session with the plan price and return addresses; grants nothing yet', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-buyer@example.com');
    const { url, request, sessionId, purchaseId } = await openCheckout(token);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(request.headers.authorization).toBe('Bearer sk_test_codedocs');
    expect(request.headers['idempotency-key']).toBe(`checkout-${purchaseId}`);
    expect(request.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_P',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: 'stripe-buyer@example.com',
      'metadata[plan_id]': 'pro',
      'subscription_data[metadata][user_id]': user.id,
      success_url: `http://localhost:80/app/settings/parser?checkout=${purchaseId}`,
      cancel_url: `http://localhost:80/app/settings/parser?checkout=${purchaseId}&canceled=1`,
    });
    const after = await subscription(token);
    expect(after).toMatchObject({ plan: 'free', billing: 'stripe', portal: false });
    expect(after.purchases).toMatchObject([
      { purchase_id: purchaseId, plan: 'pro', status: 'pending' },
    ]);
  });

  it('grants the plan from a signed checkout.session.completed, once however often it comes', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-paid@example.com');
    const before = await subscription(token);
    const { sessionId, purchaseId } = await openCheckout(token);
    const stripeSub = subscribe(user.id, `sub_paid_${dialect}`);
    const event = completedSession(sessionId, user.id, stripeSub.id);

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await deliver(event);
    expect(second.statusCode).toBe(200);

    const after = await subscription(token);
    expect(after).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancel_at_period_end: false,
      portal: true,
      current_period_end: new Date(stripeSub.currentPeriodEnd * 1000).toISOString(),
    });
    expect(after.purchases).toHaveLength(1);
    expect(after.purchases[0]).toMatchObject({ purchase_id: purchaseId, status: 'paid' });
    const ctx = testApp.app.services;
    expect(await verifyPlanToken(ctx, after.jwt, user.id)).toBe('pro');
    await expect(verifyPlanToken(ctx, before.jwt, user.id)).rejects.toThrow();
    // the subscription was read back from Stripe once: the redelivery was not applied again
    expect(
      fake.requests.filter((r) => r.path === `/v1/subscriptions/${stripeSub.id}`),
    ).toHaveLength(1);
  });

  it('refuses a forged or missing signature with 400 and grants nothing', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-forged@example.com');
    const { sessionId } = await openCheckout(token);
    const stripeSub = subscribe(user.id, `sub_forged_${dialect}`);
    const event = completedSession(sessionId, user.id, stripeSub.id);
    const forged = signer.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: 'whsec_someone_else',
    });
    const tampered = completedSession(sessionId, user.id, stripeSub.id);
    const signedOriginal = signer.webhooks.generateTestHeaderString({
      payload: event.payload.replace('"paid"', '"unpaid"'),
      secret: WEBHOOK_SECRET,
    });
    for (const response of [
      await deliver(event, forged),
      await deliver(event, ''),
      await deliver(tampered, signedOriginal),
      await deliver(event, `t=${Math.floor(Date.now() / 1000) - 3600},v1=deadbeef`),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'The Stripe-Signature header does not match this request',
      );
    }
    const after = await subscription(token);
    expect(after.plan).toBe('free');
    expect(after.purchases[0]?.status).toBe('pending');
    expect(fake.requests.some((r) => r.path.startsWith('/v1/subscriptions'))).toBe(false);
    // the same event, signed properly, still applies: nothing was recorded for it
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await subscription(token)).plan).toBe('pro');
  });

  it('ends in the right state whatever order the events come in', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-order@example.com');
    const { sessionId, purchaseId } = await openCheckout(token);
    const stripeSub = subscribe(user.id, `sub_order_${dialect}`);
    const subJson = () => fake.subscriptionJson(stripeSub.id);
    const created = stripeEvent('customer.subscription.created', subJson());
    const completed = completedSession(sessionId, user.id, stripeSub.id);
    // the buyer then cancelled in the portal: Stripe's state is "ends at the period end"
    stripeSub.cancelAtPeriodEnd = true;
    const updated = stripeEvent('customer.subscription.updated', subJson());

    // newest first, oldest last
    for (const event of [updated, completed, created]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    const canceling = await subscription(token);
    expect(canceling).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
    expect(canceling.purchases).toMatchObject([{ purchase_id: purchaseId, status: 'paid' }]);

    // the period ends: deleted arrives, then a late update from before the end
    stripeSub.status = 'canceled';
    const deleted = stripeEvent('customer.subscription.deleted', subJson());
    const lateUpdate = stripeEvent('customer.subscription.updated', {
      ...subJson(),
      status: 'active',
    });
    await deliver(deleted);
    await deliver(lateUpdate);
    const ended = await subscription(token);
    expect(ended).toMatchObject({ plan: 'free', status: 'active', current_period_end: null });

    // a new subscription later: the old one's events no longer touch it
    const next = await openCheckout(token, team!.price_id);
    const nextSub = subscribe(user.id, `sub_next_${dialect}`, 'price_T');
    await deliver(completedSession(next.sessionId, user.id, nextSub.id));
    await deliver(stripeEvent('customer.subscription.deleted', subJson()));
    expect(await subscription(token)).toMatchObject({ plan: 'team', status: 'active' });
  });

  it('keeps a subscription whose payment failed as past due, refusing generation', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-pastdue@example.com');
    const { sessionId } = await openCheckout(token);
    const stripeSub = subscribe(user.id, `sub_due_${dialect}`);
    await deliver(completedSession(sessionId, user.id, stripeSub.id));
    stripeSub.status = 'past_due';
    await deliver(
      stripeEvent('customer.subscription.updated', fake.subscriptionJson(stripeSub.id)),
    );
    const due = await subscription(token);
    expect(due).toMatchObject({ plan: 'pro', status: 'past_due' });
    await expect(verifyPlanToken(testApp.app.services, due.jwt, user.id)).rejects.toThrow(
      'No active parser subscription found',
    );
  });

  it('cancels and resumes through the API, and sends changes and billing to the portal', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-manage@example.com');
    const { sessionId } = await openCheckout(token);
    const stripeSub = subscribe(user.id, `sub_manage_${dialect}`);
    await deliver(completedSession(sessionId, user.id, stripeSub.id));

    const canceled = await post(token, '/payments/subscription/cancel');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${stripeSub.id}`,
      form: { cancel_at_period_end: 'true' },
    });
    // Stripe's own webhook for that change arrives afterwards and agrees
    await deliver(
      stripeEvent('customer.subscription.updated', fake.subscriptionJson(stripeSub.id)),
    );
    const resumed = await post(token, '/payments/subscription/resume');
    expect(resumed.json()).toMatchObject({ plan: 'pro', cancel_at_period_end: false });

    const change = await post(token, '/payments/checkout', { price_id: team!.price_id });
    expect(change.statusCode).toBe(200);
    expect(change.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requests.at(-1)?.form).toMatchObject({
      customer: stripeSub.customer,
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': stripeSub.id,
      'flow_data[subscription_update_confirm][items][0][id]': stripeSub.itemId,
      'flow_data[subscription_update_confirm][items][0][price]': 'price_T',
    });
    // no plan changes until Stripe says so
    expect((await subscription(token)).plan).toBe('pro');

    const portal = await post(token, '/payments/portal');
    expect(portal.statusCode).toBe(200);
    expect(fake.requests.at(-1)?.form).toMatchObject({
      customer: stripeSub.customer,
      return_url: 'http://localhost:80/app/settings/parser',
    });
  });

  it('records each paid renewal invoice as a purchase and moves the period, once each', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-renews@example.com');
    const { sessionId } = await openCheckout(token);
    const stripeSub = subscribe(user.id, `sub_renews_${dialect}`);
    await deliver(completedSession(sessionId, user.id, stripeSub.id));
    const invoice = (id: string, reason: string, amount: number) =>
      stripeEvent('invoice.paid', {
        id,
        object: 'invoice',
        billing_reason: reason,
        amount_paid: amount,
        currency: 'usd',
        customer: stripeSub.customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: stripeSub.id },
        },
      });
    // the subscription's first invoice is the checkout's own payment: nothing more to record
    expect(
      (await deliver(invoice(`in_first_${dialect}`, 'subscription_create', 1500))).statusCode,
    ).toBe(200);
    expect((await subscription(token)).purchases).toHaveLength(1);

    // a month later Stripe charges again and the period moves on
    stripeSub.currentPeriodEnd += 30 * DAY;
    const renewal = invoice(`in_cycle_${dialect}`, 'subscription_cycle', 1500);
    expect((await deliver(renewal)).statusCode).toBe(200);
    expect((await deliver(renewal)).statusCode).toBe(200);
    const after = await subscription(token);
    expect(after).toMatchObject({
      plan: 'pro',
      status: 'active',
      current_period_end: new Date(stripeSub.currentPeriodEnd * 1000).toISOString(),
    });
    expect(after.purchases).toHaveLength(2);
    expect(after.purchases.filter((p) => p.status === 'paid')).toHaveLength(2);
    expect(after.purchases).toContainEqual(
      expect.objectContaining({ plan: 'pro', price_id: 'price_P', amount: 1500, currency: 'usd' }),
    );
  });

  it('closes a checkout the buyer left, and records expired and unrelated events', async () => {
    const { token, user } = await createVerifiedUser(testApp.app, 'stripe-left@example.com');
    const left = await openCheckout(token);
    const closed = await post(token, `/payments/purchases/${left.purchaseId}/cancel`);
    expect(closed.json()).toMatchObject({ status: 'canceled' });
    expect(fake.requests.at(-1)?.path).toBe(`/v1/checkout/sessions/${left.sessionId}/expire`);
    // Stripe's expiry event of that session afterwards keeps it canceled
    const expiredEvent = (sessionId: string) =>
      stripeEvent('checkout.session.expired', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'unpaid',
        client_reference_id: user.id,
        metadata: {},
        amount_total: 1500,
        currency: 'usd',
        subscription: null,
      });
    await deliver(expiredEvent(left.sessionId));
    const timedOut = await openCheckout(token);
    await deliver(expiredEvent(timedOut.sessionId));
    await deliver(stripeEvent('invoice.created', { id: 'in_1', object: 'invoice' }));
    const after = await subscription(token);
    expect(after.plan).toBe('free');
    expect(after.purchases.map((p) => p.status).sort()).toEqual(['canceled', 'expired']);
  });

  it('answers 502 saying Stripe failed when its API is down, granting nothing', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'stripe-down@example.com');
    fake.failWith = 500;
    const response = await post(token, '/payments/checkout', { price_id: pro!.price_id });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Stripe refused the request: /);
    expect((await subscription(token)).purchases).toEqual([]);
  });
});
