import { describe, expect, it } from 'vitest';
import { loginPathWithNext, nextPathFrom } from './next-path';

describe('next path', () => {
  it('keeps the intended path in the login address', () => {
    expect(loginPathWithNext('/app/files?repo=1')).toBe(
      '/auth/login?next=%2Fapp%2Ffiles%3Frepo%3D1',
    );
  });

  it('returns to a path inside /app and nowhere else', () => {
    expect(nextPathFrom(new URLSearchParams('next=/app/files?repo=1'))).toBe('/app/files?repo=1');
    expect(nextPathFrom(new URLSearchParams('next=/app'))).toBe('/app');
    expect(nextPathFrom(new URLSearchParams('next=https://evil.example/app'))).toBe('/app');
    expect(nextPathFrom(new URLSearchParams('next=//evil.example/app'))).toBe('/app');
    expect(nextPathFrom(new URLSearchParams('next=/apps'))).toBe('/app');
    expect(nextPathFrom(new URLSearchParams(''))).toBe('/app');
  });

  it('also returns to an invitation page, and to nothing beside it', () => {
    const invite = '/invite/folder/private/AbC-123_x';
    expect(nextPathFrom(new URLSearchParams({ next: invite }))).toBe(invite);
    for (const other of [
      '/invite/folder/private/',
      '/invite/folder/private/a/b',
      '/invite/folder/private/a?next=//evil.example',
      '/invite/folder/public/a',
      '//invite/folder/private/a',
    ]) {
      expect(nextPathFrom(new URLSearchParams({ next: other }))).toBe('/app');
    }
  });
});
