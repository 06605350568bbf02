/**
 * A path on one line: when it is too long the directory gives way first (cut with an ellipsis)
 * and the file name stays whole as long as it fits.
 */
export function PathName({ path, separator = '/' }: { path: string; separator?: string }) {
  const cut = path.lastIndexOf(separator);
  const head = cut === -1 ? '' : path.slice(0, cut + separator.length);
  const name = cut === -1 ? path : path.slice(cut + separator.length);
  return (
    <span className="flex min-w-0 flex-1 font-mono text-xs" title={path}>
      {head && <span className="truncate text-muted-foreground">{head}</span>}
      <span className="max-w-full shrink-0 truncate">{name}</span>
    </span>
  );
}
