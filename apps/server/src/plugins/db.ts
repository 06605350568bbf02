import { createDatabase, migrateToLatest } from '@codedocs/db';
import type { Database, Dialect } from '@codedocs/db';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database; pass it to repositories, never query it elsewhere. */
    db: Kysely<Database>;
    dbDialect: Dialect;
  }
}

/**
 * Opens the database named by the configuration, brings its schema up to date before the server
 * accepts requests, and closes it when the server closes.
 */
export const dbPlugin = fp(
  async (app) => {
    const { config } = app;
    const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const applied = await migrateToLatest(handle.db, handle.dialect);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    } catch (error) {
      await handle.destroy();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('dbDialect', handle.dialect);
    app.addHook('onClose', () => handle.destroy());
  },
  { name: 'db' },
);
