// Playwright's webServer: a real OpenID Connect provider (the `oidc-provider` package, with its
// built-in development login and consent pages) on 127.0.0.1, a real `git daemon` serving the
// repositories the specs create under E2E_GIT_DIR, and the production server of the app configured
// to use both. All stop together.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const appPort = Number(process.env.PORT);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? appPort + 1);
const gitPort = Number(process.env.E2E_GIT_PORT ?? appPort + 2);
const gitDir = process.env.E2E_GIT_DIR;
const appUrl = `http://127.0.0.1:${appPort}`;
const issuer = `http://127.0.0.1:${oidcPort}`;
const client = { id: 'codedocs-e2e', secret: 'codedocs-e2e-secret-with-enough-length' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: client.id,
      client_secret: client.secret,
      redirect_uris: [`${appUrl}/auth/callback?provider=oidc`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The development login form accepts any login name; it becomes the subject and the address.
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      async claims() {
        return {
          sub,
          email: `${sub}@oidc.example.test`,
          email_verified: true,
          name: `OIDC ${sub}`,
        };
      },
    };
  },
  pkce: { required: () => true },
  cookies: { keys: ['codedocs-e2e-cookie-key'] },
});
provider.proxy = false;
const oidcServer = provider.listen(oidcPort, '127.0.0.1');

// Specs make bare repositories in gitDir while the daemon runs; --export-all serves each at once.
mkdirSync(gitDir, { recursive: true });
const gitDaemon = spawn(
  'git',
  [
    'daemon',
    '--export-all',
    '--reuseaddr',
    '--listen=127.0.0.1',
    `--port=${gitPort}`,
    `--base-path=${gitDir}`,
    gitDir,
  ],
  {
    stdio: 'inherit',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  },
);

const app = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/server.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PUBLIC_URL: appUrl,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: client.id,
      OIDC_CLIENT_SECRET: client.secret,
      OIDC_NAME: 'Test SSO',
      // The git daemon listens on 127.0.0.1, which the URL rules refuse unless allowed.
      ALLOW_PRIVATE_NETWORK: '1',
      // Specs sign up through the API with an X-Forwarded-For of their own (e2e/session.ts), as
      // clients behind a proxy would; browsers' own requests carry none and count as 127.0.0.1.
      TRUST_PROXY: '1',
    },
  },
);

const stop = (code) => {
  oidcServer.close();
  if (gitDaemon.exitCode === null) gitDaemon.kill('SIGTERM');
  if (app.exitCode === null) app.kill('SIGTERM');
  process.exitCode = code;
};
app.on('exit', (code) => stop(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
