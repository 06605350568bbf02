import type {
  LivedocsEstimateResponse,
  LivedocsField,
  LivedocsFileJson,
  LivedocsObject,
  LivedocsObjectSummary,
  Task,
} from '@codedocs/contract';
import type { ApiRoutes, RouteHandler } from './api-routes';
import { jsonResponse } from './fetch-stub';
import { testRepo } from './fixtures';
import { renderApp } from './render-app';

/** The repository and commit of the live-docs screen tests. */
export const LIVEDOCS_REPO = testRepo.repo_id;
export const LIVEDOCS_COMMIT = testRepo.commit_id ?? '';

/** A file of the commit with two objects, one documented. */
export function livedocsFile(path: string): LivedocsFileJson {
  const name = path.split('/').pop() ?? path;
  return {
    file_id: `f-${path}`,
    file_name: name,
    file_path: path,
    file_url: null,
    extension: name.split('.').pop() ?? '',
    language: 'typescript',
    object_count: 2,
    documented_count: 1,
    generated_count: 0,
    stale_count: 0,
  };
}

/** An object of `src/a.ts` in the objects list. */
export function livedocsSummary(
  name: string,
  status: LivedocsObjectSummary['status'],
): LivedocsObjectSummary {
  return {
    object_id: `o-${name}`,
    object_url: null,
    file_id: 'f-src/a.ts',
    name,
    qualified_name: name,
    kind: 'function',
    line_start: 1,
    line_end: 3,
    parent_id: null,
    status,
    last_updated: null,
  };
}

/** A doc field; an empty value is a field never written. */
export function livedocsField(
  fieldId: string,
  value: string,
  overrides: Partial<LivedocsField> = {},
): LivedocsField {
  return {
    field_id: fieldId,
    label: fieldId,
    value,
    source: value ? 'generated' : null,
    version: value ? 1 : 0,
    updated_at: null,
    updated_by: null,
    stale: false,
    ...overrides,
  };
}

/** A loaded object of `src/a.ts`, documented, with these fields. */
export function livedocsObject(name: string, fields: LivedocsField[]): LivedocsObject {
  return {
    ...livedocsSummary(name, 'documented'),
    file_path: 'src/a.ts',
    file_url: null,
    commit_id: LIVEDOCS_COMMIT,
    language: 'typescript',
    signature: `function ${name}(x: number)`,
    code: `function ${name}(x: number) {\n  return x;\n}`,
    code_hash: 'h',
    fields,
    calls: [],
    called_by: [],
    usages: [],
    stale: null,
  };
}

/** An estimate answer: `to_spend` of `left` (both null-able as the server sends them). */
export function livedocsEstimate(
  overrides: Partial<LivedocsEstimateResponse> = {},
): LivedocsEstimateResponse {
  return {
    repo_id: LIVEDOCS_REPO,
    commit_id: LIVEDOCS_COMMIT,
    objects: 2,
    to_spend: 1,
    used: 0,
    quota: 2000,
    left: 2000,
    ...overrides,
  };
}

/**
 * Renders `/app/livedocs` (or `path`) for a signed-in user whose repository has `src/a.ts`
 * (objects alpha, documented, and beta, stale) and `lib/b.py`. `objects` answers the object
 * endpoint by id; `api` replaces any route.
 */
export function renderLivedocs({
  api = {},
  objects = {},
  path = '/app/livedocs',
}: {
  api?: ApiRoutes;
  objects?: Record<string, LivedocsObject>;
  path?: string;
} = {}) {
  const R = LIVEDOCS_REPO;
  const objectRoute: RouteHandler = (url) => {
    const id = new URL(url, 'http://test').searchParams.get('object_id') ?? '';
    return jsonResponse({ object: objects[id] });
  };
  return renderApp(path, {
    session: 'logged-in',
    api: {
      'GET /api/v0/repo': () => jsonResponse({ repos: [testRepo] }),
      [`GET /api/v0/livedocs/commits/${R}`]: () => jsonResponse({ commits: [] }),
      [`GET /api/v0/livedocs/files/${R}`]: () =>
        jsonResponse({
          commit_id: LIVEDOCS_COMMIT,
          index_status: 'indexed',
          task_id: null,
          files: [livedocsFile('src/a.ts'), livedocsFile('lib/b.py')],
        }),
      [`GET /api/v0/livedocs/metadata/${R}`]: () =>
        jsonResponse({
          commit_id: LIVEDOCS_COMMIT,
          metadata: {
            files: [
              {
                file_id: 'f-src/a.ts',
                file_path: 'src/a.ts',
                file_url: null,
                language: 'typescript',
                objects: [livedocsSummary('alpha', 'documented'), livedocsSummary('beta', 'stale')],
              },
            ],
          },
        }),
      [`GET /api/v0/livedocs/object/${R}`]: objectRoute,
      [`GET /api/v2/livedocs/estimate/${R}`]: () => jsonResponse(livedocsEstimate()),
      ...api,
    },
  });
}

/** An event stream the test writes task events into. */
export function taskStream() {
  const encoder = new TextEncoder();
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  return {
    route: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => void controllers.push(controller),
        }),
        { headers: { 'Content-Type': 'text/event-stream' } },
      ),
    send: (task: Task) => {
      for (const controller of controllers) {
        try {
          controller.enqueue(encoder.encode(`event: task\ndata: ${JSON.stringify(task)}\n\n`));
        } catch {
          // a closed (aborted) stream
        }
      }
    },
  };
}
