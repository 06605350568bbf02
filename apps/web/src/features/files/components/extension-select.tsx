import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ExtensionCount } from '../store/files-slice';

// Radix Select items cannot have an empty value, and '' is a real filter (files without one).
const ALL = '*all';
const NONE = '*none';

/** Props of ExtensionSelect. */
export interface ExtensionSelectProps {
  /** The chosen extension; undefined for all files, '' for files without an extension. */
  value: string | undefined;
  extensions: ExtensionCount[];
  onChange: (extension: string | undefined) => void;
  disabled?: boolean;
}

/** The extension filter: "All" or one extension of the commit, each with its file count. */
export function ExtensionSelect({ value, extensions, onChange, disabled }: ExtensionSelectProps) {
  const selected = value === undefined ? ALL : value === '' ? NONE : value;
  const handleChange = (next: string) =>
    onChange(next === ALL ? undefined : next === NONE ? '' : next);
  const known = value === undefined || extensions.some((entry) => entry.extension === value);

  return (
    <Select value={selected} onValueChange={handleChange} disabled={disabled}>
      <SelectTrigger
        data-testid="files-extension-select"
        aria-label="Extension"
        className="sm:w-44"
      >
        <SelectValue placeholder="All" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All</SelectItem>
        {!known && <SelectItem value={selected}>{value ? `.${value}` : '(none)'}</SelectItem>}
        {extensions.map(({ extension, count }) => (
          <SelectItem key={extension || NONE} value={extension || NONE}>
            {extension ? `.${extension}` : '(no extension)'}{' '}
            <span className="text-muted-foreground">({count.toLocaleString()})</span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
