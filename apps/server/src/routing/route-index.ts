/** Turns a Fastify route pattern (`/api/v0/repo/:id`, `/api/docs/*`) into a matching RegExp. */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      // `:id`, `:id(^\\d+)` and `:a-:b` all match within one segment.
      if (segment.includes(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods registered for each path pattern, so a request for a known path with the wrong
 * method can answer 405 with an Allow header instead of a bare 404.
 */
export class RouteIndex {
  readonly #routes: { pattern: RegExp; methods: Set<string> }[] = [];
  readonly #byUrl = new Map<string, Set<string>>();

  /** Records a route as Fastify's onRoute hook reports it. */
  add(method: string | string[], url: string): void {
    let methods = this.#byUrl.get(url);
    if (!methods) {
      methods = new Set();
      this.#byUrl.set(url, methods);
      this.#routes.push({ pattern: patternToRegExp(url), methods });
    }
    for (const one of Array.isArray(method) ? method : [method]) methods.add(one.toUpperCase());
  }

  /** Every method some route accepts for this concrete path, sorted; empty when none match. */
  allowedMethods(path: string): string[] {
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      if (route.pattern.test(path)) route.methods.forEach((method) => allowed.add(method));
    }
    return [...allowed].sort();
  }
}
