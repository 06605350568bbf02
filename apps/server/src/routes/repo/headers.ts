import { PLAN_HEADER, TASK_ID_HEADER } from '@codedocs/contract';
import type { FastifyRequest } from 'fastify';
import { validationFailed } from '../../errors/index';

function single(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (Array.isArray(value)) throw validationFailed(`headers.${name}`, 'must be sent once');
  return value;
}

/** The `x-task-id` a client sent to follow (and deduplicate) the task it starts. */
export function taskIdHeader(request: FastifyRequest): string | undefined {
  return single(request, TASK_ID_HEADER);
}

/** The `x-plan` token (the `ps` cookie's value) of requests that need a subscription. */
export function planHeader(request: FastifyRequest): string | undefined {
  return single(request, PLAN_HEADER);
}
