import { useId, useState } from 'react';
import { ACTIVITY_BUCKETS } from '@codedocs/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { presetRange, RANGE_PRESETS, rangeProblem, type DateRange } from '../date-range';

/**
 * Picks the metrics range: presets (7, 30, 90 days, 12 months), any start and end date, and
 * day or week buckets. A custom range applies once both dates make a valid range.
 */
export function RangePicker({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from: range.from, to: range.to });
  const [shown, setShown] = useState(range);
  // the URL changed the range (a preset, back/forward): the inputs follow
  if (shown.from !== range.from || shown.to !== range.to || shown.bucket !== range.bucket) {
    setShown(range);
    setDraft({ from: range.from, to: range.to });
  }
  const problem = rangeProblem(draft);
  const handleDate = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (rangeProblem(next) === null) onChange({ ...range, ...next });
  };
  const toggle = (active: boolean) =>
    cn(
      'px-2.5 py-1.5 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
      active
        ? 'bg-secondary text-secondary-foreground'
        : 'text-muted-foreground hover:text-foreground',
    );
  return (
    <div data-testid="range-picker" className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Date range presets" className="flex flex-wrap gap-1">
        {RANGE_PRESETS.map((preset) => {
          const candidate = presetRange(preset.days);
          const active = candidate.from === range.from && candidate.to === range.to;
          return (
            <Button
              key={preset.days}
              size="sm"
              variant={active ? 'secondary' : 'ghost'}
              aria-pressed={active}
              data-testid={`range-preset-${preset.days}`}
              onClick={() => onChange(candidate)}
            >
              {preset.label}
            </Button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-from`} className="flex flex-col gap-1 text-xs text-muted-foreground">
          From
          <Input
            id={`${id}-from`}
            type="date"
            className="h-8 w-40"
            value={draft.from}
            max={draft.to || undefined}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            data-testid="range-from"
            onChange={(event) => handleDate('from', event.target.value)}
          />
        </label>
        <label htmlFor={`${id}-to`} className="flex flex-col gap-1 text-xs text-muted-foreground">
          To
          <Input
            id={`${id}-to`}
            type="date"
            className="h-8 w-40"
            value={draft.to}
            min={draft.from || undefined}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            data-testid="range-to"
            onChange={(event) => handleDate('to', event.target.value)}
          />
        </label>
        <div
          role="group"
          aria-label="Group by"
          className="flex h-8 overflow-hidden rounded-md border"
        >
          {ACTIVITY_BUCKETS.map((bucket) => (
            <button
              key={bucket}
              type="button"
              aria-pressed={range.bucket === bucket}
              data-testid={`range-bucket-${bucket}`}
              className={toggle(range.bucket === bucket)}
              onClick={() => onChange({ ...range, bucket })}
            >
              {bucket === 'day' ? 'Days' : 'Weeks'}
            </button>
          ))}
        </div>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-xs text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
