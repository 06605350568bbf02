import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Mailer, MailMessage } from './mailer';

/** Folder under DATA_DIR where the outbox keeps its messages. */
export const OUTBOX_FOLDER = 'outbox';

/** A message as the outbox stores it (`<time>-<id>.json`, with the raw `.eml` beside it). */
export const outboxEntrySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * Writes each message to `DATA_DIR/outbox/` instead of sending it, so a self-hoster without a
 * mail server can still verify an address (the dev outbox page lists them). Files are written
 * under a temporary name and renamed, so a reader never sees half a message.
 */
export function createOutboxMailer(dataDir: string, from: string): Mailer {
  const folder = join(dataDir, OUTBOX_FOLDER);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const createdAt = new Date().toISOString();
      const id = randomUUID();
      const base = `${createdAt.replace(/[:.]/g, '-')}-${id}`;
      const info = await composer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const entry: OutboxEntry = { id, from, ...message, created_at: createdAt };
      await writeFile(join(folder, `${base}.eml`), info.message as Buffer, { mode: 0o600 });
      await writeFile(join(folder, `.${base}.tmp`), JSON.stringify(entry, null, 2), {
        mode: 0o600,
      });
      await rename(join(folder, `.${base}.tmp`), join(folder, `${base}.json`));
    },
    async close() {
      composer.close();
    },
  };
}

/** Every message in the outbox, newest first; unreadable files are skipped. */
export async function readOutbox(dataDir: string): Promise<OutboxEntry[]> {
  const folder = join(dataDir, OUTBOX_FOLDER);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: OutboxEntry[] = [];
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    const parsed = outboxEntrySchema.safeParse(
      JSON.parse(await readFile(join(folder, name), 'utf8').catch(() => 'null')),
    );
    if (parsed.success) entries.push(parsed.data);
  }
  return entries.sort((a, b) => b.created_at.localeCompare(a.created_at));
}
