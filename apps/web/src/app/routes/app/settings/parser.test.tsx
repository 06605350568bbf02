import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '@codedocs/contract';
import { jsonResponse } from '@/test/fetch-stub';
import { testSubscription } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('/app/settings/parser', () => {
  it('shows the current plan, its status and quotas, and marks it in the catalogue', async () => {
    renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        'GET /api/v2/payments/plans': () => jsonResponse({ plans: PLAN_CATALOGUE.slice(0, 3) }),
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({
            ...testSubscription,
            plan: 'pro',
            quotas: PLAN_CATALOGUE[1]!.quotas,
          }),
      },
    });
    const pro = await screen.findByTestId('plan-pro');
    expect(await screen.findByTestId('subscription-plan')).toHaveTextContent('Pro');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('subscription')).toHaveTextContent('Repositories50');

    expect(pro).toHaveAttribute('aria-current', 'true');
    expect(pro).toHaveTextContent('Current plan');
    expect(screen.getByTestId('plan-free')).not.toHaveAttribute('aria-current');
    const upgrade = within(screen.getByTestId('plan-team')).getByRole('button', {
      name: 'Upgrade',
    });
    expect(upgrade).toBeDisabled();
    expect(upgrade).toHaveAccessibleDescription(/checkout arrives in a later release/);
  });

  it('shows the subscription failure with its spec message and a retry', async () => {
    renderApp('/app/settings/parser', {
      session: 'logged-in',
      api: {
        'GET /api/v2/payments/subscription': () =>
          jsonResponse({ statusCode: 500, code: 'x', message: '' }, 500),
      },
    });
    const error = await screen.findByTestId('subscription-error');
    expect(error).toHaveTextContent('Failed to fetch subscription data');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
