import type { Purchase } from '@codedocs/contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/lib/format';

/** The user's purchases, newest first, or an empty state. */
export function PurchasesCard({ purchases }: { purchases: readonly Purchase[] }) {
  const sorted = [...purchases].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Card data-testid="purchases">
      <CardHeader>
        <CardTitle>Purchases</CardTitle>
        <CardDescription>Plans you have bought.</CardDescription>
      </CardHeader>
      <CardContent>
        {sorted.length === 0 ? (
          <p data-testid="purchases-empty" className="text-sm text-muted-foreground">
            No purchases yet.
          </p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {sorted.map((purchase) => (
              <li
                key={purchase.purchase_id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="font-medium capitalize">{purchase.plan}</span>
                <span className="text-muted-foreground">{formatDateTime(purchase.created_at)}</span>
                <span>{formatMoney(purchase.amount, purchase.currency)}</span>
                <span className="text-muted-foreground capitalize">{purchase.status}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
