import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { ESTIMATE_MAX_FILES, getLivedocsEstimate } from './get-livedocs-estimate';

afterEach(() => vi.unstubAllGlobals());

const answer = (objects: number, toSpend: number) => ({
  repo_id: 'r',
  commit_id: 'c',
  objects,
  to_spend: toSpend,
  used: 10,
  quota: 2000,
  left: 1990,
});

describe('getLivedocsEstimate', () => {
  it('asks for every file without file_id, with the plan header', async () => {
    const fetchMock = stubFetch(() => jsonResponse(answer(7, 3)));
    await expect(getLivedocsEstimate('r', null, 'plan')).resolves.toMatchObject({ to_spend: 3 });
    const [request] = requestsTo(fetchMock, 'GET /api/v2/livedocs/estimate/r');
    expect(request?.url).toBe('/api/v2/livedocs/estimate/r');
    expect(request?.headers.get('x-plan')).toBe('plan');
  });

  it('asks a long selection in chunks (short URLs) and adds their counts up', async () => {
    const fetchMock = stubFetch(() => jsonResponse(answer(5, 2)));
    const ids = Array.from({ length: ESTIMATE_MAX_FILES * 2 + 1 }, (_, n) => `f${n}`);
    const total = await getLivedocsEstimate('r', ids, 'plan');
    const requests = requestsTo(fetchMock, 'GET /api/v2/livedocs/estimate/r');
    expect(requests).toHaveLength(3);
    const asked = requests.flatMap(
      (r) => new URL(r.url, 'http://t').searchParams.get('file_id')?.split(',') ?? [],
    );
    expect(asked).toEqual(ids);
    expect(total).toMatchObject({ objects: 15, to_spend: 6, used: 10, left: 1990 });
  });
});
