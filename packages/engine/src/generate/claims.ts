import type { EffectKind } from './facts.ts';

/**
 * One generated sentence as the fact it states, so a verifier can re-derive it from the parsed
 * code (`verify.ts`). `field` is the doc field the sentence is written in.
 */
export type Claim = { field: string } & (
  | {
      /** A return path: `value` is the phrase (`literally \`null\``), `when` its condition. */
      kind: 'return';
      value: string;
      when?: string;
      /** Stated as the case left when the others do not hold ("… otherwise", or the only one). */
      otherwise?: boolean;
    }
  /** "N other return paths": the body has `total` return paths, `unstated` of them not listed. */
  | { kind: 'return-paths'; total: number; unstated: number }
  /** Python's `__exit__` giving back `True`: the exception is suppressed. */
  | { kind: 'suppresses' }
  | {
      kind: 'raise';
      type: string;
      when?: string;
      caught?: string;
      failing?: string;
      by?: string;
    }
  | { kind: 'effect'; effect: EffectKind; call: string }
  | { kind: 'write'; target: string }
  | { kind: 'use'; param: string; use: string }
  | { kind: 'unused'; param: string }
  | { kind: 'default'; param: string; value: string }
  /** What a caller passes for `param`: `value` is a whole argument of the call in `example`. */
  | {
      kind: 'passed';
      param: string;
      value: string;
      example: string;
      /** The name the call is written with. */
      name: string;
      path: string;
      line: number;
    }
  | { kind: 'example'; code: string; name: string; path: string; line: number }
);
