/** What an `#if` says, as far as the language itself decides it. */
export type Truth = 'true' | 'false' | 'unknown';

/** What the language itself says of a condition: only `0`, `1` and `__cplusplus` are known. */
export function truthOf(name: string, rest: string, language: 'c' | 'cpp'): Truth {
  const condition = rest
    .replace(/\/\*.*?\*\/|\/\/.*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const cplusplus = language === 'cpp' ? 'true' : 'false';
  const negate = (t: Truth): Truth => (t === 'true' ? 'false' : t === 'false' ? 'true' : t);
  if (name === 'ifdef') return condition === '__cplusplus' ? cplusplus : 'unknown';
  if (name === 'ifndef') return condition === '__cplusplus' ? negate(cplusplus) : 'unknown';
  if (condition === '0') return 'false';
  if (condition === '1') return 'true';
  if (/^(defined ?\( ?__cplusplus ?\)|defined __cplusplus|__cplusplus)$/.test(condition))
    return cplusplus;
  if (/^!(defined ?\( ?__cplusplus ?\)|defined __cplusplus)$/.test(condition))
    return negate(cplusplus);
  return 'unknown';
}

const COMPARISONS: Record<string, ((a: number, b: number) => boolean) | undefined> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '>': (a, b) => a > b,
  '<=': (a, b) => a <= b,
  '>=': (a, b) => a >= b,
};

/**
 * The value of an `#if` condition with every macro undefined (`defined(X)` and `X` are 0), or
 * undefined when it uses more than `!`, `&&`, `||`, comparisons, parentheses and numbers.
 */
export function evaluate(condition: string): number | undefined {
  const tokens =
    condition
      .replace(/\/\*.*?\*\/|\/\/.*$/gs, ' ')
      .replace(/\\\n/g, ' ')
      .match(/\d+[uUlL]*|\w+|&&|\|\||[=!<>]=|[!()<>]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const primary = (): number | undefined => {
    const token = tokens[at++];
    if (token === undefined) return undefined;
    if (token === '!') {
      const value = primary();
      return value === undefined ? undefined : Number(!value);
    }
    if (token === '(') {
      const value = or();
      return tokens[at++] === ')' ? value : undefined;
    }
    if (token === 'defined') {
      const open = peek() === '(';
      if (open) at++;
      if (!/^[A-Za-z_]\w*$/.test(tokens[at++] ?? '')) return undefined;
      return open && tokens[at++] !== ')' ? undefined : 0;
    }
    if (/^\d/.test(token)) return parseInt(token, 10);
    // an undefined macro is 0, but one called like a function is beyond this reading
    return /^[A-Za-z_]\w*$/.test(token) && peek() !== '(' ? 0 : undefined;
  };
  const compare = (): number | undefined => {
    let left = primary();
    while (left !== undefined && COMPARISONS[peek() ?? '']) {
      const op = COMPARISONS[tokens[at++]!]!;
      const right = primary();
      if (right === undefined) return undefined;
      left = Number(op(left, right));
    }
    return left;
  };
  const and = (): number | undefined => {
    let left = compare();
    while (peek() === '&&') {
      at++;
      const right = compare();
      left =
        left === 0 || right === 0 ? 0 : left === undefined || right === undefined ? undefined : 1;
    }
    return left;
  };
  const or = (): number | undefined => {
    let left = and();
    while (peek() === '||') {
      at++;
      const right = and();
      left =
        (left !== undefined && left !== 0) || (right !== undefined && right !== 0)
          ? 1
          : left === undefined || right === undefined
            ? undefined
            : 0;
    }
    return left;
  };
  const value = or();
  return at === tokens.length ? value : undefined;
}
