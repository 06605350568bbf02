import { PurchasesCard } from '@/components/purchases-card';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { GenerationPreferencesCard } from '@/features/livedocs/components/generation-preferences-card';
import { usePlans } from '@/features/subscription/api/get-plans';
import { CheckoutOutcomeBanner } from '@/features/subscription/components/checkout-outcome-banner';
import { PlansCatalogue } from '@/features/subscription/components/plans-catalogue';
import { SubscriptionCard } from '@/features/subscription/components/subscription-card';
import { UsageCard } from '@/features/subscription/components/usage-card';
import { useCheckoutOutcome } from '@/features/subscription/hooks/use-checkout-outcome';
import { usePlanActions } from '@/features/subscription/hooks/use-plan-actions';
import { selectSubscriptionState } from '@/features/subscription/store/subscription-slice';
import { useAppSelector } from '../../../hooks';

/**
 * `/app/settings/parser`: how a checkout the browser came back from ended, the current plan and
 * its status, quota use, the plans with Buy/Change/Cancel, purchases, generation preferences.
 */
export function ParserScreen() {
  const plans = usePlans();
  const subscription = useAppSelector(selectSubscriptionState).data;
  const actions = usePlanActions();
  const outcome = useCheckoutOutcome();
  const planNames = Object.fromEntries((plans.data ?? []).map((plan) => [plan.plan_id, plan.name]));
  return (
    <Screen info={SCREENS.settingsParser} className="flex max-w-4xl flex-col gap-6">
      <p className="text-muted-foreground">
        Your parser subscription: the current plan, what you use of it, the plans on offer and your
        purchases, plus generation preferences.
      </p>
      {outcome && <CheckoutOutcomeBanner outcome={outcome} planNames={planNames} />}
      <SubscriptionCard
        planNames={planNames}
        onManageBilling={actions.manageBilling}
        manageBusy={actions.busy !== null}
      />
      <UsageCard />
      <PlansCatalogue
        plans={plans.data}
        isPending={plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        subscription={subscription}
        handlers={{
          onCheckout: actions.checkout,
          onCancel: actions.cancel,
          onResume: actions.resume,
          busy: actions.busy,
        }}
      />
      <PurchasesCard purchases={subscription?.purchases ?? []} planNames={planNames} />
      <GenerationPreferencesCard />
    </Screen>
  );
}
