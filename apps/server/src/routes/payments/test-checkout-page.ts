import type { Plan, PlanQuotas } from '@codedocs/contract';
import type { Purchase } from '@codedocs/db';
import { escapeHtml } from '../../mail/html';

/** An amount in the smallest currency unit, as people read it. */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

function includes(quotas: PlanQuotas): string[] {
  const count = (limit: number | null, what: string) =>
    `${limit === null ? 'Unlimited' : limit.toLocaleString('en')} ${what}`;
  const mb = quotas.static_folder_bytes;
  return [
    count(quotas.repos, 'repositories'),
    count(quotas.generated_objects_per_month, 'generated objects per month'),
    count(quotas.static_folders, 'static documentation folders'),
    `${mb === null ? 'Unlimited' : `${Math.round(mb / (1024 * 1024))} MB`} per folder`,
  ];
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111}
.notice{border:2px solid #b45309;background:#fffbeb;border-radius:8px;padding:0.75rem 1rem}
.notice strong{display:block;font-size:1.1rem}
.plan{border:1px solid #ccc;border-radius:8px;padding:0.5rem 1rem;margin:1.5rem 0}
.price{font-size:1.5rem;font-weight:600;margin:0}
form{display:inline}button{font:inherit;padding:0.5rem 1.25rem;border-radius:6px;border:1px solid #444;cursor:pointer;margin-right:0.5rem}
.pay{background:#111;color:#fff}a{color:#1d4ed8}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · CodeDocs</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<style>${STYLE}</style></head><body>
${body}
</body></html>`;
}

/**
 * The test checkout page: says first and plainly that no money moves, then the plan, its price
 * and what it includes, with Pay and Cancel (forms posting to this page's own address).
 */
export function renderTestCheckoutPage(
  purchase: Purchase,
  plan: Plan,
  actionBase: string,
  returnUrl: string,
): string {
  const price = `${formatAmount(purchase.amount, purchase.currency)}${plan.interval === 'month' ? ' / month' : ''}`;
  const notice = `<div class="notice" role="note" data-testid="test-checkout-notice">
<strong>Test checkout: no money moves.</strong>
This server runs with <code>BILLING=test</code>. Paying here charges no card and gives you the plan at once; nothing is billed, now or later.
</div>`;
  if (purchase.status !== 'pending') {
    return page(
      'Test checkout',
      `${notice}
<h1>${escapeHtml(plan.name)}</h1>
<p data-testid="test-checkout-settled">This checkout is ${escapeHtml(purchase.status)} already.</p>
<p><a href="${escapeHtml(returnUrl)}">Back to your plan</a></p>`,
    );
  }
  return page(
    `Buy ${plan.name}`,
    `${notice}
<section class="plan" aria-labelledby="plan-name">
<h1 id="plan-name">${escapeHtml(plan.name)}</h1>
<p class="price" data-testid="test-checkout-price">${escapeHtml(price)}</p>
<ul>${includes(plan.quotas)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join('')}</ul>
</section>
<form method="post" action="${escapeHtml(actionBase)}/pay"><button class="pay" type="submit" data-testid="test-checkout-pay">Pay ${escapeHtml(formatAmount(purchase.amount, purchase.currency))} (test)</button></form>
<form method="post" action="${escapeHtml(actionBase)}/cancel"><button type="submit" data-testid="test-checkout-cancel">Cancel</button></form>`,
  );
}
