import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lockOwnerOf } from '../../lib/crud/record-lock.ts';
import type { ListLocks } from '../../lib/list/locked-rows.ts';
import { othersLiveLocks } from './store.ts';

/**
 * What a list route hands runList so that its page comes back with its rows' locks (one statement instead of two);
 * undefined for a route that is not a locked list.
 */
export async function listLocks(app: FastifyInstance, request: FastifyRequest): Promise<ListLocks | undefined> {
  const list = app.lockedLists.get(`${request.method} ${request.routeOptions.url}`);
  if (!list || !request.principal) return undefined;
  const { domain, idField } = await list(request);
  return { domain, idField, owner: lockOwnerOf(request), idleSeconds: app.config.sessionIdleSeconds, others: othersLiveLocks };
}
