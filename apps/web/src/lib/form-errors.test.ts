import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { fieldName, formFailure } from './form-errors';

describe('formFailure', () => {
  it('puts a server field error next to a known field (body.email → email)', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid email', 'body.email');
    expect(fieldName(error.field)).toBe('email');
    expect(formFailure(error, ['email', 'password'], 'Could not log in.')).toEqual({
      formError: null,
      fieldErrors: { email: 'Invalid email' },
    });
  });

  it('shows an unknown field, or none, above the form', () => {
    const error = new ApiError(400, 'validation_failed', 'Bad token', 'body.token');
    expect(formFailure(error, ['password'], 'x').formError).toBe('Bad token');
    expect(formFailure(new Error(''), ['password'], 'Could not save.').formError).toBe(
      'Could not save.',
    );
  });

  it('adds the Retry-After wait to a throttled answer', () => {
    const error = new ApiError(429, 'rate_limited', 'Too many attempts.', undefined, 30);
    expect(formFailure(error, [], 'x').formError).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
    const bare = new ApiError(
      429,
      'rate_limited',
      'Too many attempts, try again later',
      undefined,
      1,
    );
    expect(formFailure(bare, [], 'x').formError).toBe(
      'Too many attempts, try again later. Try again in 1 second.',
    );
  });
});
