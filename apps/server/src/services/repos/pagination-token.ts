import { z } from 'zod';
import { validationFailed } from '../../errors/index';

/**
 * The opaque `pagination_token` of the files page: where the next page starts and everything that
 * must stay the same while paging (the commit, the filters, the total counted on the first page).
 * Not signed: it only narrows what the caller may read anyway, and every field is checked.
 */
const tokenSchema = z.object({
  v: z.literal(1),
  commit: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/),
  after: z.string().min(1).max(4096),
  q: z.string().max(500).nullable(),
  extension: z.string().max(100).nullable(),
  total: z.number().int().min(0),
});
export type FilesCursor = Omit<z.infer<typeof tokenSchema>, 'v'>;

/** The token continuing after `cursor.after`. */
export function encodeFilesToken(cursor: FilesCursor): string {
  return Buffer.from(JSON.stringify({ v: 1, ...cursor }), 'utf8').toString('base64url');
}

/** Reads a token back; anything that is not one of ours is 400 naming the parameter. */
export function decodeFilesToken(token: string): FilesCursor {
  const invalid = () => validationFailed('query.pagination_token', 'is not a valid page token');
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = tokenSchema.safeParse(json);
  if (!parsed.success) throw invalid();
  const { commit, after, q, extension, total } = parsed.data;
  return { commit, after, q, extension, total };
}
