import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { shareFailure } from './share-failure';

const FIELDS = { email_ids: 'emails', expiry: 'expiry' } as const;

describe('shareFailure', () => {
  it('puts a 400 next to the field the server named, without the field prefix', () => {
    const invalid = new ApiError(
      400,
      'validation_failed',
      'body.email_ids.2: Invalid email address',
      'body.email_ids.2',
    );
    expect(shareFailure(invalid, FIELDS, 'x')).toEqual({
      at: 'field',
      field: 'emails',
      message: 'Invalid email address',
    });
    const past = new ApiError(
      400,
      'bad_request',
      'The expiry must be in the future',
      'body.expiry',
    );
    expect(shareFailure(past, FIELDS, 'x')).toEqual({
      at: 'field',
      field: 'expiry',
      message: 'The expiry must be in the future',
    });
  });

  it('shows a 400 about no field of the form above it', () => {
    const other = new ApiError(400, 'bad_request', 'Bad id', 'params.id');
    expect(shareFailure(other, FIELDS, 'x')).toEqual({ at: 'form', message: 'Bad id' });
    const constructor = new ApiError(400, 'bad_request', 'Odd', 'body.constructor');
    expect(shareFailure(constructor, FIELDS, 'x').at).toBe('form');
  });

  it('shows a 429 above the form with the wait, and anything else as a toast', () => {
    const throttled = new ApiError(429, 'rate_limited', 'Too many invitations', undefined, 60);
    expect(shareFailure(throttled, FIELDS, 'x')).toEqual({
      at: 'form',
      message: 'Too many invitations. Try again in 60 seconds.',
    });
    const refused = new ApiError(403, 'forbidden', 'Only the owner of this folder can do this');
    expect(shareFailure(refused, FIELDS, 'x')).toEqual({
      at: 'toast',
      message: 'Only the owner of this folder can do this',
    });
    expect(shareFailure(new Error(''), FIELDS, 'The link was not made')).toEqual({
      at: 'toast',
      message: 'The link was not made',
    });
  });
});
