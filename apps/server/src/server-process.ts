import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import type { Config } from './config';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The address the start-up line prints: PUBLIC_URL when set; on this machine's own addresses the
 * same `http://localhost:<port>` that links in mails use by default; else the listening address.
 */
function listenUrl(config: Config, port: number): string {
  if (config.publicUrlConfigured) return config.publicUrl;
  if (/^(?:127\.\d+\.\d+\.\d+|localhost|::1|0\.0\.0\.0|::)$/.test(config.host))
    return `http://localhost:${port}`;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

/**
 * The API process (`npm start`, `npm run dev`, server.ts): builds the app for `config`, listens, and on SIGTERM/SIGINT stops accepting connections, lets in-flight requests finish,
 * closes the database and exits 0.
 */
export async function runServerProcess(config: Config): Promise<void> {
  const app = await buildApp(config);

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`CodeDocs listening on ${listenUrl(config, port)}`);
}
