import packageJson from '../package.json' with { type: 'json' };

/** The server's version (apps/server/package.json), reported by the health check and OpenAPI. */
export const APP_VERSION: string = packageJson.version;
