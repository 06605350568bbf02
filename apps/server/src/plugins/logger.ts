import { createRequire } from 'node:module';
import { pino } from 'pino';
import type { Logger, LoggerOptions } from 'pino';
import type { Config } from '../config';

/** Headers that carry credentials; never written to the log. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie'];

function prettyTransportAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * The process logger, handed to Fastify as `loggerInstance`: JSON lines for machines, pretty
 * output only for a developer's terminal (never in production, where pino-pretty is a dev
 * dependency that may not be installed).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'production'>): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (process.stdout.isTTY && !config.production && prettyTransportAvailable()) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    };
  }
  return pino(options);
}
