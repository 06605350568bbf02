import { describe, expect, it } from 'vitest';
import { EMAIL_SHARE_MAX_ADDRESSES } from '@codedocs/contract';
import { emailAddressesError, parseEmailAddresses } from './email-addresses';

describe('parseEmailAddresses', () => {
  it('splits at commas, semicolons, spaces and lines, lower-cases and keeps each address once', () => {
    expect(
      parseEmailAddresses(
        ' Ada@Example.com, grace@example.com;\nada@example.com  linus@example.org ',
      ),
    ).toEqual({
      addresses: ['ada@example.com', 'grace@example.com', 'linus@example.org'],
      invalid: [],
    });
  });

  it('names what is not an address, as typed', () => {
    const parsed = parseEmailAddresses('ada@example.com, grace, @example.com');
    expect(parsed.invalid).toEqual(['grace', '@example.com']);
    expect(emailAddressesError(parsed)).toBe('Not e-mail addresses: grace, @example.com');
    expect(emailAddressesError(parseEmailAddresses('bob@'))).toBe('Not an e-mail address: bob@');
  });

  it('asks for at least one address and at most the contract limit', () => {
    expect(emailAddressesError(parseEmailAddresses(' , \n'))).toBe(
      'Enter at least one e-mail address',
    );
    const many = Array.from({ length: EMAIL_SHARE_MAX_ADDRESSES + 1 }, (_, i) => `u${i}@x.test`);
    expect(emailAddressesError(parseEmailAddresses(many.join(' ')))).toBe(
      `At most ${EMAIL_SHARE_MAX_ADDRESSES} addresses at once (${many.length} entered)`,
    );
    expect(emailAddressesError(parseEmailAddresses(many.slice(1).join(' ')))).toBeNull();
  });
});
