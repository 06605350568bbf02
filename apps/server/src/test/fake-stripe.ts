import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: method, path, form fields (bracket names flat) and headers. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/** The fake's copy of a subscription, as the API returns it. */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  itemId: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

/**
 * A local stand-in for the few Stripe API endpoints the server calls (Checkout Sessions create
 * and expire, subscriptions retrieve and update, billing portal sessions), answering in the
 * shapes of the API version the `stripe` package pins. Tests set subscriptions' state and read
 * what was asked; nothing leaves 127.0.0.1.
 */
export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  /** Answers every request with this status (500: Stripe down) until set back to undefined. */
  failWith: number | undefined;
  subscriptionJson(id: string): Record<string, unknown>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const notFound = (response: ServerResponse, what: string) =>
  send(response, 404, {
    error: { type: 'invalid_request_error', message: `No such ${what}`, code: 'resource_missing' },
  });

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const sessions = new Map<string, Record<string, unknown>>();
  const fake: FakeStripe = {
    url: '',
    requests: [],
    subscriptions: new Map(),
    failWith: undefined,
    subscriptionJson(id) {
      const sub = fake.subscriptions.get(id);
      if (!sub) throw new Error(`no fake subscription ${id}`);
      return {
        id: sub.id,
        object: 'subscription',
        customer: sub.customer,
        status: sub.status,
        cancel_at_period_end: sub.cancelAtPeriodEnd,
        cancel_at: null,
        metadata: sub.metadata,
        items: {
          object: 'list',
          data: [
            {
              id: sub.itemId,
              object: 'subscription_item',
              price: { id: sub.price, object: 'price' },
              current_period_end: sub.currentPeriodEnd,
            },
          ],
        },
      };
    },
    close: async () => undefined,
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    fake.requests.push({ method: request.method ?? 'GET', path, form, headers: request.headers });
    if (fake.failWith) {
      send(response, fake.failWith, { error: { type: 'api_error', message: 'Fake outage' } });
      return;
    }
    let match: RegExpExecArray | null;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++counter}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form['mode'],
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: 1500,
        currency: 'usd',
        client_reference_id: form['client_reference_id'] ?? null,
        metadata: {},
        status: 'open',
      };
      sessions.set(id, session);
      send(response, 200, session);
    } else if ((match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const session = sessions.get(match[1] ?? '');
      if (!session) return notFound(response, 'checkout session');
      session['status'] = 'expired';
      send(response, 200, session);
    } else if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = fake.subscriptions.get(match[1] ?? '');
      if (!sub) return notFound(response, 'subscription');
      if (request.method === 'POST' && form['cancel_at_period_end'] !== undefined) {
        sub.cancelAtPeriodEnd = form['cancel_at_period_end'] === 'true';
      }
      send(response, 200, fake.subscriptionJson(sub.id));
    } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_test_${++counter}`;
      send(response, 200, {
        id,
        object: 'billing_portal.session',
        customer: form['customer'],
        return_url: form['return_url'],
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    } else {
      notFound(response, `route ${request.method} ${path}`);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { error: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
