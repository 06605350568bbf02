import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLAN_CATALOGUE,
  type Purchase,
  type SubscriptionResponse,
  type UsageResponse,
} from '@codedocs/contract';
import { leaveAppFor } from '@/lib/leave-app';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testSubscription } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

const [free, pro, team] = PLAN_CATALOGUE;
const plans = () => jsonResponse({ plans: PLAN_CATALOGUE.slice(0, 3) });

const usage: UsageResponse = {
  month: '2026-11',
  generated_objects: 2000,
  repos: 1,
  static_folders: 0,
  quotas: free!.quotas,
};

const onPro: SubscriptionResponse = {
  ...testSubscription,
  plan: 'pro',
  quotas: pro!.quotas,
  current_period_end: '2026-12-25T10:00:00.000Z',
  jwt: 'pro-plan-token',
};

const purchase = (status: string, plan: Purchase['plan'] = 'pro'): Purchase => ({
  purchase_id: 'p-1',
  plan,
  price_id: `price_${plan}_monthly`,
  status,
  amount: 1500,
  currency: 'usd',
  created_at: '2026-11-25T10:00:00.000Z',
});

const preferences = {
  doc_styles: { python: 'google', typescript: 'tsdoc', javascript: 'jsdoc', cpp: 'javadoc' },
  model: { configured: false, name: null, per_user: false },
};

const baseApi = {
  'GET /api/v2/payments/plans': plans,
  'GET /api/v2/payments/usage': () => jsonResponse(usage),
  'GET /api/v2/livedocs/preferences': () => jsonResponse(preferences),
};

describe('/app/settings/parser', () => {
  beforeEach(() => {
    vi.mocked(leaveAppFor).mockReset();
  });

  afterEach(() => {
    Cookies.remove('ps');
  });

  it('shows the plan, quota use as bars and the plans with what they cost and include', async () => {
    renderApp('/app/settings/parser', { session: 'logged-in', api: baseApi });
    await screen.findByTestId('plan-pro');
    await waitFor(() => expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Free'));
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');

    const generated = await screen.findByTestId('usage-generated');
    expect(generated).toHaveTextContent('Objects generated in November');
    expect(generated).toHaveTextContent('2,000 of 2,000 · limit reached');
    expect(within(generated).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2000');
    expect(screen.getByTestId('usage-repos')).toHaveTextContent('1 of 3');
    expect(screen.getByTestId('usage-sites')).toHaveTextContent('0 of 3');

    const freeCard = screen.getByTestId('plan-free');
    expect(freeCard).toHaveAttribute('aria-current', 'true');
    expect(within(freeCard).queryByRole('button')).toBeNull();
    const proCard = screen.getByTestId('plan-pro');
    expect(proCard).toHaveTextContent('$15.00 / month');
    expect(proCard).toHaveTextContent('100,000 generated objects per month');
    expect(within(proCard).getByRole('button', { name: 'Buy Pro' })).toBeEnabled();
    expect(within(screen.getByTestId('plan-team')).getByRole('button')).toHaveTextContent(
      'Buy Team',
    );
    expect(screen.getByTestId('test-billing-note')).toHaveTextContent('no money moves');
    expect(screen.getByTestId('purchases-empty')).toBeInTheDocument();
  });

  it('Buy sends the browser to the URL the checkout call answers', async () => {
    const { user, fetchMock } = renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'POST /api/v2/payments/checkout': () =>
          jsonResponse({ url: '/api/v2/payments/test-checkout/tok' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Buy Pro' }));
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith('/api/v2/payments/test-checkout/tok'),
    );
    expect(requestsTo(fetchMock, 'POST /api/v2/payments/checkout')[0]?.body).toEqual({
      price_id: pro!.price_id,
    });
    // the buttons wait while the browser leaves
    expect(screen.getByRole('button', { name: 'Buy Team' })).toBeDisabled();
  });

  it('says why a checkout could not open and lets the person try again', async () => {
    const { user } = renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'POST /api/v2/payments/checkout': () =>
          jsonResponse(
            { statusCode: 502, code: 'bad_gateway', message: 'Stripe could not be reached' },
            502,
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Buy Pro' }));
    expect(await screen.findByText('Could not open the checkout')).toBeInTheDocument();
    expect(screen.getByText('Stripe could not be reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Pro' })).toBeEnabled();
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('offers Change and Cancel on a paid plan; Cancel asks, then shows when it ends and Resume', async () => {
    const { user, fetchMock } = renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({ ...onPro, purchases: [purchase('paid')] }),
        'POST /api/v2/payments/subscription/cancel': () =>
          jsonResponse({ ...onPro, cancel_at_period_end: true, jwt: 'still-pro' }),
      },
    });
    expect(await screen.findByTestId('subscription-period-end')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change to Team' })).toBeEnabled();
    expect(screen.getByTestId('plan-note-free')).toHaveTextContent(
      'You return to this plan when a paid plan ends.',
    );
    expect(screen.getByTestId('purchase-status')).toHaveTextContent('Paid');

    await user.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByTestId('plan-cancel-dialog');
    expect(dialog).toHaveTextContent('after that you are on Free');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));

    expect(await screen.findByTestId('subscription-ending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume plan' })).toBeEnabled();
    expect(requestsTo(fetchMock, 'POST /api/v2/payments/subscription/cancel')).toHaveLength(1);
    expect(Cookies.get('ps')).toBe('still-pro');
  });

  it('shows a downgrade waiting for the period end on the plan it leads to', async () => {
    renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({ ...onPro, plan: 'team', quotas: team!.quotas, scheduled_plan: 'pro' }),
      },
    });
    await screen.findByTestId('plan-pro');
    await waitFor(() =>
      expect(screen.getByTestId('subscription-scheduled')).toHaveTextContent(
        'Pro from the end of this period',
      ),
    );
    expect(screen.getByTestId('plan-note-pro')).toHaveTextContent(
      'Starts at the end of the current period.',
    );
    expect(within(screen.getByTestId('plan-pro')).queryByRole('button')).toBeNull();
  });

  it('after paying: confirms the payment, then shows the new plan with a new plan token', async () => {
    let purchaseAnswers = 0;
    let paid = false;
    const { fetchMock } = renderApp('/app/settings/parser?checkout=p-1', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'GET /api/v2/payments/purchases/p-1': () => {
          purchaseAnswers += 1;
          // the provider's confirmation lands between the first and second look
          paid = purchaseAnswers > 1;
          return jsonResponse(purchase(paid ? 'paid' : 'pending'));
        },
        'GET /api/v2/payments/subscription': () =>
          jsonResponse(
            paid ? { ...onPro, purchases: [purchase('paid')] } : { ...testSubscription },
          ),
      },
    });
    const banner = await screen.findByTestId('checkout-outcome');
    expect(banner).toHaveTextContent('Confirming your payment…');
    await waitFor(() => expect(banner).toHaveAttribute('data-phase', 'paid'), { timeout: 5000 });
    expect(banner).toHaveTextContent(
      'Payment complete: you are on the Pro plan. Generation uses it from now on.',
    );
    await waitFor(() => expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Pro'));
    expect(Cookies.get('ps')).toBe('pro-plan-token');
    expect(requestsTo(fetchMock, 'GET /api/v2/payments/usage').length).toBeGreaterThanOrEqual(2);
  });

  it('after leaving the checkout: closes it and says nothing was charged', async () => {
    const { fetchMock, user, router } = renderApp('/app/settings/parser?checkout=p-1&canceled=1', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'POST /api/v2/payments/purchases/p-1/cancel': () => jsonResponse(purchase('canceled')),
      },
    });
    const banner = await screen.findByTestId('checkout-outcome');
    expect(banner).toHaveTextContent(
      'Checkout canceled: nothing was charged and your plan has not changed.',
    );
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/v2/payments/purchases/p-1/cancel')).toHaveLength(1),
    );
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('checkout-outcome')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('says when a payment failed', async () => {
    renderApp('/app/settings/parser?checkout=p-1', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'GET /api/v2/payments/purchases/p-1': () => jsonResponse(purchase('failed')),
      },
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('The payment did not go through');
  });

  it('sells nothing when billing is off', async () => {
    renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'GET /api/v2/payments/plans': () => jsonResponse({ plans: [PLAN_CATALOGUE[3]] }),
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({
            ...testSubscription,
            plan: 'self-hosted',
            billing: 'off',
            quotas: PLAN_CATALOGUE[3]!.quotas,
          }),
        'GET /api/v2/payments/usage': () =>
          jsonResponse({ ...usage, quotas: PLAN_CATALOGUE[3]!.quotas }),
      },
    });
    await screen.findByTestId('plan-self-hosted');
    await waitFor(() =>
      expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Self-hosted'),
    );
    expect(await screen.findByTestId('usage-generated')).toHaveTextContent('2,000 of unlimited');
    expect(within(screen.getByTestId('usage-generated')).queryByRole('progressbar')).toBeNull();
    expect(within(screen.getByTestId('plans')).queryByRole('button')).toBeNull();
  });

  it('saves a doc style and shows the model read-only', async () => {
    const { user, fetchMock } = renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'PUT /api/v2/livedocs/preferences': () =>
          jsonResponse({
            ...preferences,
            doc_styles: { ...preferences.doc_styles, python: 'numpy' },
          }),
      },
    });
    expect(await screen.findByTestId('preferences-model')).toHaveTextContent(
      'No model is configured on this server',
    );
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();
    await user.click(screen.getByTestId('doc-style-python'));
    await user.click(await screen.findByRole('option', { name: 'NumPy' }));
    await user.click(save);
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PUT /api/v2/livedocs/preferences')[0]?.body).toEqual({
        doc_styles: { python: 'numpy' },
      }),
    );
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
  });

  it('shows the subscription failure with its spec message and a retry', async () => {
    renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        ...baseApi,
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({ statusCode: 500, code: 'x', message: '' }, 500),
      },
    });
    const error = await screen.findByTestId('subscription-error');
    expect(error).toHaveTextContent('Failed to fetch subscription data');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
