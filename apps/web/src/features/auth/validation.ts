import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, NAME_MAX_LENGTH } from '@codedocs/contract';

// Client-side checks mirror the contract's rules so most mistakes are caught before a request;
// the server validates again and its field errors are shown the same way.

/** The hint under new-password fields. */
export const PASSWORD_RULE_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** Error for an e-mail field, or null when it looks like an address. */
export function checkEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return 'Enter your e-mail address.';
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return 'Enter a valid e-mail address.';
  return null;
}

/** Error for a new password, or null when it meets the length rules. */
export function checkNewPassword(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

/** Error for a display name, or null. */
export function checkName(name: string): string | null {
  const value = name.trim();
  if (!value) return 'Enter your name.';
  if (value.length > NAME_MAX_LENGTH) return `Use at most ${NAME_MAX_LENGTH} characters.`;
  return null;
}

/** Error for a confirmation field that must repeat the new password. */
export function checkConfirmation(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'The passwords do not match.';
}

/** Drops the fields without an error, so an empty object means "valid". */
export function onlyErrors<Field extends string>(
  errors: Record<Field, string | null>,
): Partial<Record<Field, string>> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== null),
  ) as Partial<Record<Field, string>>;
}
