import { CodeXml } from 'lucide-react';
import { PRODUCT_NAME } from '@/config/constants';
import { cn } from '@/lib/cn';

/** The product mark and name "CodeDocs". */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="inline-flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <CodeXml className="size-4" aria-hidden="true" />
      </span>
      <span data-testid="product-name">{PRODUCT_NAME}</span>
    </span>
  );
}
