import { ArrowDown, ArrowUp, MoreVertical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** An object row's menu: Move up / Move down within its repository (no keyboard or drag needed). */
export function ObjectRowMenu({
  name,
  reorderable,
  first,
  last,
  onMove,
}: {
  name: string;
  /** False while filters are on. */
  reorderable: boolean;
  /** First / last object of its repository. */
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={`Move ${name}`}
          title={reorderable ? 'Move' : 'Clear the filters to reorder'}
          disabled={!reorderable}
          data-testid="pocket-object-menu"
        >
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          disabled={first}
          onSelect={() => onMove(-1)}
          data-testid="pocket-object-move-up"
        >
          <ArrowUp aria-hidden="true" />
          Move up
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={last}
          onSelect={() => onMove(1)}
          data-testid="pocket-object-move-down"
        >
          <ArrowDown aria-hidden="true" />
          Move down
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
