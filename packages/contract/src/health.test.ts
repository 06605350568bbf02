import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from './health';

describe('health response', () => {
  it('accepts ok and degraded answers for both dialects', () => {
    const ok = { status: 'ok', version: '0.1.0', database: { dialect: 'sqlite', reachable: true } };
    const degraded = {
      status: 'degraded',
      version: '0.1.0',
      database: { dialect: 'postgres', reachable: false },
    };
    expect(healthResponseSchema.parse(ok)).toEqual(ok);
    expect(healthResponseSchema.parse(degraded)).toEqual(degraded);
  });

  it('rejects an unknown dialect', () => {
    const bad = { status: 'ok', version: '1', database: { dialect: 'mysql', reachable: true } };
    expect(healthResponseSchema.safeParse(bad).success).toBe(false);
  });
});
