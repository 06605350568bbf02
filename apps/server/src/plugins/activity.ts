import fp from 'fastify-plugin';
import { ActivityFeed } from '../services/activity/activity-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records activity events and streams new ones to their owner's `GET /api/v1/events`. */
    activity: ActivityFeed;
  }
}

/**
 * The activity feed of this process: services and job handlers record events through it (in
 * their transactions), and the event stream route subscribes to it. On PostgreSQL it listens for
 * events committed by other processes once the app is ready.
 */
export const activityPlugin = fp(
  async (app) => {
    const feed = new ActivityFeed({
      db: app.db,
      dialect: app.dbDialect,
      databaseUrl: app.config.databaseUrl,
      log: app.log,
    });
    app.decorate('activity', feed);
    app.addHook('onReady', () => feed.listen());
    app.addHook('preClose', () => feed.close());
  },
  { name: 'activity', dependencies: ['db'] },
);
