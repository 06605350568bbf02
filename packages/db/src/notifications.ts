import pg from 'pg';

/** A live LISTEN on one PostgreSQL channel; `close()` stops it for good. */
export interface NotificationListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called with each payload sent by `NOTIFY channel, payload` from any connection. */
  onNotification: (payload: string) => void;
  /** Told when the connection drops; the listener reconnects by itself. */
  onError?: (error: Error) => void;
  /** Wait before reconnecting after a dropped connection. */
  reconnectDelayMs?: number;
}

/**
 * LISTENs on `channel` over a dedicated connection (a pooled one would be handed to other
 * queries and miss notifications), reconnecting after failures until closed. Resolves once the
 * first LISTEN is in place, so events sent after that are never missed by a working connection.
 */
export async function listenForNotifications(
  connectionString: string,
  channel: string,
  options: ListenOptions,
): Promise<NotificationListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (initial: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    const scheduleReconnect = (error: Error) => {
      if (closed || client !== next) return;
      client = undefined;
      options.onError?.(error);
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(false), options.reconnectDelayMs ?? 1000);
    };
    client = next;
    next.on('error', scheduleReconnect);
    next.on('end', () => scheduleReconnect(new Error('notification connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        options.onNotification(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (failure) {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      if (initial) {
        closed = true;
        await next.end().catch(() => {});
        throw error;
      }
      scheduleReconnect(error);
    }
  };

  await connect(true);
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
