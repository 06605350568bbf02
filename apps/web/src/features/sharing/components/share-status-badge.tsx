import type { ShareStatus } from '@codedocs/contract';
import { Badge, type badgeVariants } from '@/components/ui/badge';
import type { VariantProps } from 'class-variance-authority';

type Variant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

const STATUS: Record<ShareStatus, { label: string; variant: Variant; meaning: string }> = {
  active: { label: 'Active', variant: 'success', meaning: 'The link works' },
  pending: { label: 'Pending', variant: 'secondary', meaning: 'Mailed, not used yet' },
  undelivered: {
    label: 'Undelivered',
    variant: 'warning',
    meaning: 'The mail server refused the mail; the link would still work',
  },
  accepted: {
    label: 'Accepted',
    variant: 'success',
    meaning: 'Used: the folder is theirs to read',
  },
  expired: { label: 'Expired', variant: 'outline', meaning: 'No longer works' },
  revoked: { label: 'Revoked', variant: 'outline', meaning: 'No longer works' },
  suspended: {
    label: 'Suspended',
    variant: 'warning',
    meaning: 'Made by an editor who no longer has editor access',
  },
};

/** Where a share stands, with what that means as its title. */
export function ShareStatusBadge({ status }: { status: ShareStatus }) {
  const { label, variant, meaning } = STATUS[status];
  return (
    <Badge variant={variant} title={meaning} data-testid="share-status">
      {label}
    </Badge>
  );
}

/** Shares that still work or may: revoking them means something. */
export function isRevocable(status: ShareStatus): boolean {
  return status !== 'revoked' && status !== 'expired';
}
