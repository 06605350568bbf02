import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does with the next requests. */
export type FakeLlmMode =
  | { kind: 'answer'; content: (request: ChatRequest) => string }
  | { kind: 'status'; status: number }
  | { kind: 'stall' };

/** The part of an OpenAI chat-completions request the tests look at. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
  authorization: string | undefined;
}

/**
 * A local server speaking the OpenAI chat-completions API (POST /v1/chat/completions), the way
 * Ollama, vLLM and llama.cpp's server do: answers what the test sets, records every request and
 * how many were in flight at once.
 */
export interface FakeLlm {
  baseUrl: string;
  requests: ChatRequest[];
  maxInFlight: number;
  mode: FakeLlmMode;
  stop(): Promise<void>;
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the fake model on 127.0.0.1 (a free port). */
export async function startFakeLlm(): Promise<FakeLlm> {
  let inFlight = 0;
  const stalled = new Set<() => void>();
  const fake: FakeLlm = {
    baseUrl: '',
    requests: [],
    maxInFlight: 0,
    mode: { kind: 'status', status: 500 },
    stop: async () => undefined,
  };
  const server: Server = createServer(async (request, response) => {
    inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    try {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(await body(request)) as Omit<ChatRequest, 'authorization'>;
      const chat: ChatRequest = { ...parsed, authorization: request.headers.authorization };
      fake.requests.push(chat);
      const mode = fake.mode;
      if (mode.kind === 'stall') {
        await new Promise<void>((resolve) => {
          stalled.add(resolve);
          response.on('close', () => resolve());
        });
        return;
      }
      // a little time in flight, so concurrent requests overlap measurably
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (mode.kind === 'status') {
        response.writeHead(mode.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model unavailable' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          model: chat.model,
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: mode.content(chat) },
            },
          ],
        }),
      );
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.stop = async () => {
    for (const release of stalled) release();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
