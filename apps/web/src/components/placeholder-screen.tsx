import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ScreenInfo } from '@/config/screens';
import { Screen } from './screen';

/** A screen whose feature arrives in a later issue: its name and what it will do. */
export function PlaceholderScreen({ info, children }: { info: ScreenInfo; children?: ReactNode }) {
  return (
    <Screen info={info} className="flex flex-col gap-4">
      <p className="max-w-prose text-muted-foreground">{info.description}</p>
      <div
        data-testid="screen-placeholder"
        className="flex max-w-prose items-start gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground"
      >
        <Construction className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>This screen is being built; its tools arrive with the feature it belongs to.</p>
      </div>
      {children}
    </Screen>
  );
}
