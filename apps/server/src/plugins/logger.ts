import { createRequire } from 'node:module';
import { pino } from 'pino';
import type { Logger, LoggerOptions } from 'pino';
import type { Config } from '../config';

/** Headers that carry credentials; never written to the log. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie'];

/** Query parameters that carry secrets: mailed-link tokens, OAuth codes and states. */
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&#]*/gi;

/**
 * A URL as it may be logged: the values of secret query parameters replaced. The verify and
 * reset screens are opened with `?token=` and the server logs every request line.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request log line, with secrets taken out of the URL. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

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
    serializers: { req: serializeRequest },
  };
  if (process.stdout.isTTY && !config.production && prettyTransportAvailable()) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    };
  }
  return pino(options);
}
