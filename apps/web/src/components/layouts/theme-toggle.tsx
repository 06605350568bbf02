import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useDarkMode } from '@/hooks/use-dark-mode';

/** Header button (aria-label "Toggle dark mode", aria-pressed when dark) with a tooltip. */
export function ThemeToggle() {
  const { dark, toggleDarkMode } = useDarkMode();
  const hint = dark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Toggle dark mode"
          aria-pressed={dark}
          data-testid="dark-mode-toggle"
          onClick={toggleDarkMode}
        >
          {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
