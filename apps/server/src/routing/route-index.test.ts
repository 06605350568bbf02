import { describe, expect, it } from 'vitest';
import { RouteIndex } from './route-index';

describe('RouteIndex', () => {
  const index = new RouteIndex();
  index.add('GET', '/api/health');
  index.add('HEAD', '/api/health');
  index.add('DELETE', '/api/v0/repo/:id');
  index.add(['GET', 'POST'], '/api/v0/repo');
  index.add('GET', '/api/docs/*');

  it('lists the methods of an exact path', () => {
    expect(index.allowedMethods('/api/health')).toEqual(['GET', 'HEAD']);
    expect(index.allowedMethods('/api/v0/repo')).toEqual(['GET', 'POST']);
  });

  it('matches parameters within one segment only', () => {
    expect(index.allowedMethods('/api/v0/repo/abc')).toEqual(['DELETE']);
    expect(index.allowedMethods('/api/v0/repo/abc/def')).toEqual([]);
  });

  it('matches wildcards across segments', () => {
    expect(index.allowedMethods('/api/docs/static/index.css')).toEqual(['GET']);
  });

  it('knows nothing of unregistered paths and treats dots literally', () => {
    expect(index.allowedMethods('/api/nope')).toEqual([]);
    index.add('GET', '/api/openapi.json');
    expect(index.allowedMethods('/api/openapiXjson')).toEqual([]);
  });
});
