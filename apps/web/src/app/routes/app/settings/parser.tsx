import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import { usePlans } from '@/features/subscription/api/get-plans';
import { PlansCatalogue } from '@/features/subscription/components/plans-catalogue';
import { SubscriptionCard } from '@/features/subscription/components/subscription-card';
import {
  selectSubscriptionPlan,
  selectSubscriptionState,
} from '@/features/subscription/store/subscription-slice';
import { useAppSelector } from '../../../hooks';

/** `/app/settings/parser`: the current plan, status and quotas, and the plan catalogue. */
export function ParserScreen() {
  const plans = usePlans();
  const copiedPlan = useAppSelector(selectSubscriptionPlan);
  const subscription = useAppSelector(selectSubscriptionState).data;
  const currentPlan = copiedPlan ?? subscription?.plan ?? null;
  const planNames = Object.fromEntries((plans.data ?? []).map((plan) => [plan.plan_id, plan.name]));
  return (
    <Screen info={SCREENS.settingsParser} className="flex max-w-4xl flex-col gap-6">
      <p className="text-muted-foreground">
        Your parser subscription: the current plan, its status and quotas, and the plans on offer.
      </p>
      <SubscriptionCard planNames={planNames} />
      <PlansCatalogue
        plans={plans.data}
        isPending={plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        currentPlan={currentPlan}
      />
    </Screen>
  );
}
