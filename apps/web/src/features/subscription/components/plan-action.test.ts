import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '@codedocs/contract';
import { testSubscription } from '@/test/fixtures';
import type { Subscription } from '../store/subscription-slice';
import { planAction } from './plan-action';

const [free, pro, team, selfHosted] = PLAN_CATALOGUE;
const plans = PLAN_CATALOGUE.slice(0, 3);
const { jwt: _jwt, ...onFree } = testSubscription;
const on = (changes: Partial<Subscription>): Subscription => ({ ...onFree, ...changes });

describe('planAction', () => {
  it('offers Buy from the free plan and nothing on the free plan itself', () => {
    expect(planAction(pro!, onFree, plans)).toEqual({ kind: 'buy', label: 'Buy Pro', note: null });
    expect(planAction(free!, onFree, plans)).toEqual({ kind: 'none', note: null });
  });

  it('offers Change between paid plans; a cheaper plan waits for the period end', () => {
    const onTeam = on({ plan: 'team' });
    expect(planAction(pro!, onTeam, plans)).toEqual({
      kind: 'change',
      label: 'Change to Pro',
      note: 'Takes effect at the end of the current period.',
    });
    expect(planAction(team!, on({ plan: 'pro' }), plans)).toMatchObject({ note: null });
    expect(planAction(team!, on({ plan: 'pro', billing: 'stripe' }), plans)).toMatchObject({
      kind: 'change',
      note: 'You confirm the change in the billing portal.',
    });
  });

  it('offers Cancel on the paid plan one is on, and Resume once it is cancelled', () => {
    expect(planAction(pro!, on({ plan: 'pro' }), plans)).toMatchObject({ kind: 'cancel' });
    expect(planAction(pro!, on({ plan: 'pro', cancel_at_period_end: true }), plans)).toMatchObject({
      kind: 'resume',
      label: 'Resume plan',
    });
    expect(planAction(free!, on({ plan: 'pro' }), plans)).toEqual({
      kind: 'none',
      note: 'You return to this plan when a paid plan ends.',
    });
  });

  it('marks a scheduled plan and sells nothing with billing off or before the subscription loads', () => {
    expect(planAction(pro!, on({ plan: 'team', scheduled_plan: 'pro' }), plans)).toEqual({
      kind: 'none',
      note: 'Starts at the end of the current period.',
    });
    expect(planAction(selfHosted!, on({ plan: 'self-hosted', billing: 'off' }), plans).kind).toBe(
      'none',
    );
    expect(planAction(pro!, on({ billing: 'off' }), plans).kind).toBe('none');
    expect(planAction(pro!, null, plans).kind).toBe('none');
  });
});
