import { EMAIL_SHARE_MAX_ADDRESSES, emailSchema } from '@codedocs/contract';

/** Addresses typed into the invitation field, read. */
export interface ParsedAddresses {
  /** Valid addresses, lower-cased, each once, in the order typed. */
  addresses: string[];
  /** What was typed that is not an address, as typed. */
  invalid: string[];
}

/** Splits what was typed at commas, semicolons, spaces and line breaks and checks each address. */
export function parseEmailAddresses(text: string): ParsedAddresses {
  const addresses: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,;]+/).filter(Boolean)) {
    const parsed = emailSchema.safeParse(entry);
    if (!parsed.success) invalid.push(entry);
    else if (!addresses.includes(parsed.data)) addresses.push(parsed.data);
  }
  return { addresses, invalid };
}

/** Why the addresses cannot be sent (none, some not addresses, too many), or null. */
export function emailAddressesError({ addresses, invalid }: ParsedAddresses): string | null {
  if (invalid.length > 0) {
    const label = invalid.length === 1 ? 'Not an e-mail address' : 'Not e-mail addresses';
    return `${label}: ${invalid.join(', ')}`;
  }
  if (addresses.length === 0) return 'Enter at least one e-mail address';
  if (addresses.length > EMAIL_SHARE_MAX_ADDRESSES) {
    return `At most ${EMAIL_SHARE_MAX_ADDRESSES} addresses at once (${addresses.length} entered)`;
  }
  return null;
}
