import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCodeBlocks } from '../hooks/use-code-blocks';

/** The "Code blocks" switch of the file browser; the choice is remembered in localStorage. */
export function CodeBlockToggle() {
  const [on, setOn] = useCodeBlocks();
  return (
    <div className="flex items-center gap-2">
      <Switch
        id="code-block-toggle"
        data-testid="code-block-toggle"
        checked={on}
        onCheckedChange={setOn}
      />
      <Label htmlFor="code-block-toggle">Code blocks</Label>
    </div>
  );
}
