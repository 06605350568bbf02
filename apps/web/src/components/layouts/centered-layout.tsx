import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { InsecureOriginBanner } from '@/components/insecure-origin-banner';
import { Card, CardContent } from '@/components/ui/card';
import { ThemeToggle } from './theme-toggle';

/** A centred card under the product name: the /auth screens, the invitation and not-found pages. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <div data-testid="centered-layout" className="flex min-h-dvh flex-col">
      <InsecureOriginBanner />
      <div className="flex justify-end p-3">
        <ThemeToggle />
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <div className="flex w-full max-w-md flex-col items-center gap-6">
          <Brand className="text-xl" />
          <Card className="w-full">
            <CardContent className="p-6">{children}</CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
