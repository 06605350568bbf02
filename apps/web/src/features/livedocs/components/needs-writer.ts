import type { LivedocsField } from '@codedocs/contract';

/** What an empty field shows once generation has run: a person has to write it. */
export const NEEDS_A_WRITER = 'needs a writer';

/**
 * Whether a field was generated empty (the code gave no fact for it) and nobody has written it
 * since: no filler is generated, so such a field waits for a person.
 */
export function needsWriter(field: LivedocsField, value: string): boolean {
  return (
    (field.source === 'empty' || field.source === 'generated') &&
    field.value.trim() === '' &&
    value.trim() === ''
  );
}
