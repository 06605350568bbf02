import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useCodeBlocks } from '../hooks/use-code-blocks';

/** What the "Code blocks" switch does, for its tooltip and its accessible description. */
export const CODE_BLOCKS_HINT =
  'Highlights the code of the open file by its language. Turn it off to read plain, uncoloured text (quicker for large files).';

/**
 * The "Code blocks" switch of the file browser, with a tooltip saying what it does; the choice
 * is remembered in localStorage.
 */
export function CodeBlockToggle() {
  const [on, setOn] = useCodeBlocks();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <div className="flex items-center gap-2" data-testid="code-block-toggle-area">
          <Switch
            id="code-block-toggle"
            data-testid="code-block-toggle"
            aria-describedby="code-block-toggle-hint"
            checked={on}
            onCheckedChange={setOn}
          />
          <Label htmlFor="code-block-toggle">Code blocks</Label>
          <span id="code-block-toggle-hint" className="sr-only">
            {CODE_BLOCKS_HINT}
          </span>
        </div>
      </TooltipTrigger>
      <TooltipContent className="max-w-64" data-testid="code-block-toggle-tooltip">
        {CODE_BLOCKS_HINT}
      </TooltipContent>
    </Tooltip>
  );
}
