import type { PlanQuotas } from '@codedocs/contract';

/** The quota lines of a plan, in display order; null limits read "Unlimited". */
export function describeQuotas(quotas: PlanQuotas): { label: string; value: string }[] {
  const value = (limit: number | null) => (limit === null ? 'Unlimited' : limit.toLocaleString());
  const size = (limit: number | null) =>
    limit === null ? 'Unlimited' : `${Math.round(limit / (1024 * 1024)).toLocaleString()} MB`;
  return [
    { label: 'Repositories', value: value(quotas.repos) },
    { label: 'Generated objects per month', value: value(quotas.generated_objects_per_month) },
    { label: 'Static documentation folders', value: value(quotas.static_folders) },
    { label: 'Size of a static documentation folder', value: size(quotas.static_folder_bytes) },
  ];
}
