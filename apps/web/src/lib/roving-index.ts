/**
 * Where a key moves the choice in a row of `count` options (tabs, toggle groups): arrows step and
 * wrap, Home and End go to the ends; null for any other key. With `vertical`, Up and Down step too.
 */
export function rovingIndex(
  key: string,
  index: number,
  count: number,
  { vertical = false }: { vertical?: boolean } = {},
): number | null {
  if (key === 'ArrowRight' || (vertical && key === 'ArrowDown')) return (index + 1) % count;
  if (key === 'ArrowLeft' || (vertical && key === 'ArrowUp')) return (index + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
