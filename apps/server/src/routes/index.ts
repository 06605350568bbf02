import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInScope } from '../plugins/authenticate';
import { activityRoutes } from './activity/index';
import { accountRoutes } from './auth/account-routes';
import { authConfigRoute, sessionRoutes } from './auth/session-routes';
import { compilationRoutes } from './compilation/index';
import { devRoutes } from './dev/index';
import { healthRoutes } from './health/index';
import { livedocsEstimateRoute } from './livedocs/estimate-route';
import { livedocsGenerateRoutes } from './livedocs/generate-routes';
import { livedocsPreferencesRoutes } from './livedocs/preferences-routes';
import { livedocsRoutes } from './livedocs/index';
import { oauthRoutes } from './oauth/index';
import { paymentsRoutes, planCatalogueRoute } from './payments/index';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { paymentsWebhookRoute } from './payments/webhook-route';
import { fileContentRoutes, filesRoutes } from './files/index';
import { repoConnectRoutes } from './repo/connect-routes';
import { repoRoutes } from './repo/index';
import { overviewRoutes } from './repo/overview-routes';
import { exportRoutes } from './exports/index';
import { staticdocsRoutes } from './staticdocs/index';
import { shareLinkRoutes, shareRoutes } from './staticdocs/share-routes';
import { taskRoutes } from './tasks/index';
import { sshKeyRoutes } from './user/ssh-key-routes';
import { userRoutes } from './user/index';

/**
 * Every API route, mounted under /api. Versioned resources (DESIGN.md section 5) are added here as
 * `/v0` … `/v3` sub-prefixes, one folder per resource: public routes first, then the signed-in
 * scope, whose routes all authenticate (`signedInScope`) and read the user with `userIdOf`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // public: no sign-in (each checks what it needs itself: a share slug, a webhook signature…)
  await app.register(healthRoutes);
  await app.register(devRoutes);
  await app.register(accountRoutes, { prefix: '/v1/auth' });
  await app.register(authConfigRoute, { prefix: '/v1/auth' });
  await app.register(oauthRoutes, { prefix: '/v1/oauth' });
  await app.register(planCatalogueRoute, { prefix: '/v2' });
  await app.register(paymentsWebhookRoute, { prefix: '/v2' });
  await app.register(testCheckoutRoutes, { prefix: '/v2' });
  await app.register(shareLinkRoutes, { prefix: '/v1' });
  // signed in: every route below authenticates first
  await app.register(async (scope) => {
    await signedInScope(scope);
    await scope.register(sessionRoutes, { prefix: '/v1/auth' });
    await scope.register(userRoutes, { prefix: '/v0' });
    await scope.register(sshKeyRoutes, { prefix: '/v0' });
    await scope.register(repoRoutes, { prefix: '/v0' });
    await scope.register(overviewRoutes, { prefix: '/v0' });
    await scope.register(repoConnectRoutes, { prefix: '/v2' });
    await scope.register(filesRoutes, { prefix: '/v3' });
    await scope.register(fileContentRoutes, { prefix: '/v0' });
    await scope.register(livedocsRoutes, { prefix: '/v0' });
    await scope.register(livedocsGenerateRoutes, { prefix: '/v2' });
    await scope.register(livedocsEstimateRoute, { prefix: '/v2' });
    await scope.register(livedocsPreferencesRoutes, { prefix: '/v2' });
    await scope.register(compilationRoutes, { prefix: '/v0' });
    await scope.register(paymentsRoutes, { prefix: '/v2' });
    await scope.register(taskRoutes, { prefix: '/v1' });
    await scope.register(activityRoutes, { prefix: '/v1' });
    await scope.register(staticdocsRoutes, { prefix: '/v1' });
    await scope.register(shareRoutes, { prefix: '/v1' });
    await scope.register(exportRoutes, { prefix: '/v1' });
  });
};
