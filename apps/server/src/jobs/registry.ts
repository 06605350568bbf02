import type { JobDefinition, JobHandler } from './job-definition';

/** A kind's definition with its handler, as the workers dispatch it. */
export interface RegisteredJob {
  definition: JobDefinition;
  handler: JobHandler<unknown>;
}

const KIND_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/**
 * The dispatch table from job kind to definition and handler. Checked at start-up so a kind
 * without a handler, or a malformed policy, stops the process instead of failing jobs later.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, RegisteredJob>();

  /** Adds a kind; registering a kind twice is a programming error. */
  register<Payload>(definition: JobDefinition<Payload>, handler: JobHandler<Payload>): this {
    if (this.jobs.has(definition.kind)) {
      throw new Error(`job kind ${definition.kind} is registered twice`);
    }
    this.jobs.set(definition.kind, {
      definition: definition as JobDefinition,
      handler: handler as JobHandler<unknown>,
    });
    return this;
  }

  /** The kind's entry; throws for a kind nobody registered. */
  get(kind: string): RegisteredJob {
    const job = this.jobs.get(kind);
    if (!job) throw new Error(`unknown job kind ${kind}`);
    return job;
  }

  has(kind: string): boolean {
    return this.jobs.has(kind);
  }

  /** The kinds a request waits for (`awaited`): not held back by the per-user limit. */
  awaitedKinds(): string[] {
    return [...this.jobs.values()]
      .filter((job) => job.definition.awaited === true)
      .map((job) => job.definition.kind);
  }

  /** Every registered kind: what this process's workers may claim. */
  kinds(): string[] {
    return [...this.jobs.keys()];
  }

  /** Throws listing every problem: bad kind names, policies or timeouts, missing kinds. */
  check(required: readonly JobDefinition[] = []): void {
    const problems: string[] = [];
    for (const definition of required) {
      if (!this.jobs.has(definition.kind)) problems.push(`${definition.kind} has no handler`);
    }
    for (const { definition } of this.jobs.values()) {
      const { kind, retry, timeoutMs } = definition;
      if (!KIND_PATTERN.test(kind)) problems.push(`${kind} is not a dotted lower-case name`);
      if (!Number.isInteger(retry.maxAttempts) || retry.maxAttempts < 1) {
        problems.push(`${kind}: maxAttempts must be a positive integer`);
      }
      if (retry.backoffBaseMs < 0 || retry.backoffCapMs < retry.backoffBaseMs) {
        problems.push(`${kind}: backoff must satisfy 0 <= base <= cap`);
      }
      if (!(timeoutMs > 0)) problems.push(`${kind}: timeoutMs must be positive`);
    }
    if (problems.length > 0) throw new Error(`Invalid job registry: ${problems.join('; ')}`);
  }
}
