import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityRoutes } from './activity/index';
import { accountRoutes } from './auth/account-routes';
import { sessionRoutes } from './auth/session-routes';
import { compilationRoutes } from './compilation/index';
import { devRoutes } from './dev/index';
import { healthRoutes } from './health/index';
import { livedocsEstimateRoute } from './livedocs/estimate-route';
import { livedocsGenerateRoutes } from './livedocs/generate-routes';
import { livedocsPreferencesRoutes } from './livedocs/preferences-routes';
import { livedocsRoutes } from './livedocs/index';
import { oauthRoutes } from './oauth/index';
import { paymentsRoutes } from './payments/index';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { paymentsWebhookRoute } from './payments/webhook-route';
import { fileContentRoutes, filesRoutes } from './files/index';
import { repoConnectRoutes } from './repo/connect-routes';
import { repoRoutes } from './repo/index';
import { overviewRoutes } from './repo/overview-routes';
import { exportRoutes } from './exports/index';
import { staticdocsRoutes } from './staticdocs/index';
import { shareRoutes } from './staticdocs/share-routes';
import { taskRoutes } from './tasks/index';
import { sshKeyRoutes } from './user/ssh-key-routes';
import { userRoutes } from './user/index';

/**
 * Every API route, mounted under /api. Versioned resources (DESIGN.md section 5) are added here as
 * `/v0` … `/v3` sub-prefixes, one folder per resource.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(devRoutes);
  await app.register(accountRoutes, { prefix: '/v1/auth' });
  await app.register(sessionRoutes, { prefix: '/v1/auth' });
  await app.register(oauthRoutes, { prefix: '/v1/oauth' });
  await app.register(userRoutes, { prefix: '/v0' });
  await app.register(sshKeyRoutes, { prefix: '/v0' });
  await app.register(repoRoutes, { prefix: '/v0' });
  await app.register(overviewRoutes, { prefix: '/v0' });
  await app.register(repoConnectRoutes, { prefix: '/v2' });
  await app.register(filesRoutes, { prefix: '/v3' });
  await app.register(fileContentRoutes, { prefix: '/v0' });
  await app.register(livedocsRoutes, { prefix: '/v0' });
  await app.register(livedocsGenerateRoutes, { prefix: '/v2' });
  await app.register(livedocsEstimateRoute, { prefix: '/v2' });
  await app.register(livedocsPreferencesRoutes, { prefix: '/v2' });
  await app.register(compilationRoutes, { prefix: '/v0' });
  await app.register(paymentsRoutes, { prefix: '/v2' });
  await app.register(paymentsWebhookRoute, { prefix: '/v2' });
  await app.register(testCheckoutRoutes, { prefix: '/v2' });
  await app.register(taskRoutes, { prefix: '/v1' });
  await app.register(activityRoutes, { prefix: '/v1' });
  await app.register(staticdocsRoutes, { prefix: '/v1' });
  await app.register(shareRoutes, { prefix: '/v1' });
  await app.register(exportRoutes, { prefix: '/v1' });
};
