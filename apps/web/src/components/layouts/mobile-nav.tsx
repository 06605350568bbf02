import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { SidebarNav } from './sidebar-nav';

/**
 * Below the md breakpoint the sidebar lives in a slide-over opened by the "Open navigation"
 * button; Escape, the close button, the overlay or choosing a link closes it.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const handleNavigate = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open navigation"
          data-testid="open-navigation"
        >
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent data-testid="mobile-navigation" className="overflow-y-auto">
        <SheetTitle>
          <Brand />
        </SheetTitle>
        <SheetDescription className="sr-only">Go to another screen of CodeDocs.</SheetDescription>
        <SidebarNav onNavigate={handleNavigate} />
      </SheetContent>
    </Sheet>
  );
}
