import type { Purchase } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/lib/format';

const STATUS: Record<string, { label: string; variant: 'success' | 'secondary' | 'destructive' }> =
  {
    paid: { label: 'Paid', variant: 'success' },
    pending: { label: 'Pending', variant: 'secondary' },
    canceled: { label: 'Canceled', variant: 'secondary' },
    expired: { label: 'Expired', variant: 'secondary' },
    failed: { label: 'Failed', variant: 'destructive' },
  };

/** Props of PurchasesCard. */
export interface PurchasesCardProps {
  purchases: readonly Purchase[];
  /** Plan names by id; the id is shown for a plan not in it. */
  planNames?: Record<string, string>;
}

/**
 * The user's purchases, newest first, each with its plan, date, amount and status, or an
 * empty state. Shown on the profile (spec: "Purchases are a list") and on Parser settings.
 */
export function PurchasesCard({ purchases, planNames = {} }: PurchasesCardProps) {
  const sorted = [...purchases].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Card data-testid="purchases">
      <CardHeader>
        <CardTitle>Purchases</CardTitle>
        <CardDescription>Plans you have bought, and checkouts you opened.</CardDescription>
      </CardHeader>
      <CardContent>
        {sorted.length === 0 ? (
          <p data-testid="purchases-empty" className="text-sm text-muted-foreground">
            No purchases yet.
          </p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {sorted.map((purchase) => {
              const status = STATUS[purchase.status] ?? {
                label: purchase.status,
                variant: 'secondary' as const,
              };
              return (
                <li
                  key={purchase.purchase_id}
                  data-testid="purchase"
                  className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-2 sm:grid-cols-[8rem_1fr_6rem_6rem]"
                >
                  <span className="font-medium">{planNames[purchase.plan] ?? purchase.plan}</span>
                  <span className="text-muted-foreground max-sm:order-3">
                    {formatDateTime(purchase.created_at)}
                  </span>
                  <span className="tabular-nums sm:text-right">
                    {formatMoney(purchase.amount, purchase.currency)}
                  </span>
                  <Badge
                    variant={status.variant}
                    data-testid="purchase-status"
                    className="justify-self-end max-sm:order-4"
                  >
                    {status.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
