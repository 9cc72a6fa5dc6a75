import { pageIdOf, pageModuleName } from '../../../engine/core/lowcode/compose-page.ts';
import { pageScreen } from '../pages/page-screens.ts';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { lockHeaders, lockOwnerOf } from '../../lib/crud/record-lock.ts';
import type { ModuleAccess } from '../../types.ts';
import { builtForm, builtFormIdOf } from '../forms/built-forms.ts';
import { domainIdOf, forceRelease, liveLocks, lockedByOthers, lockMessages, releaseLock, renewLock } from './store.ts';
import { lockedRowIds } from '../../lib/list/locked-rows.ts';
import { ownRecordsOnly, withRowRule } from '../../lib/crud/record-access.ts';
import { circleIdField } from '../../../engine/core/grid/actions.ts';
import type { Row } from '../../lib/crud/crud-types.ts';
import { recordTableName } from '../forms/definition-sync.ts';

/** The module of the administrators' view of the locks held now (migration 100). */
export const recordLocksModule = 'RecordLocks';

/** Which records a list answers with: the domain of its rows' locks and the field holding their ids. */
export type LockedList = (request: FastifyRequest) => { domain: string; idField: string } | Promise<{ domain: string; idField: string }>;

/** Where a lock domain's records live and whose they are: a user without 'View All Records' reaches only their own. */
export interface OwnedRecords {
  table: string;
  idField: string;
  ownerField: string;
  /** The column naming the record's atomic circle, when its records belong to circles. */
  circleField?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lock domains whose records have a row rule, by domain (registerCrud adds its screen's; built forms' are known here). */
    ownedLockDomains: Map<string, OwnedRecords>;
    /**
     * The lists whose rows can be locked, by 'METHOD url' of their route: their answers carry lockedrecordids, the
     * rows on the page that someone else (another user, or another window) has locked. registerCrud adds its screen's.
     */
    lockedLists: Map<string, LockedList>;
  }
}

const lockParams = { type: 'object', required: ['lockId'], properties: { lockId: { type: 'string', maxLength: 64 } } } as const;
const domainParams = { type: 'object', required: ['domain'], properties: { domain: { type: 'string', maxLength: 100 }, domainId: { type: 'string', maxLength: 20 } } } as const;
const lockAnswer = { type: 'object', properties: { RecordLockId: { type: 'string' }, LockDuration: { type: 'integer', description: 'Seconds.' } } } as const;
const lockRow = {
  type: 'object',
  properties: {
    Domain: { type: 'string' }, DomainId: { type: 'integer' }, RecordLabel: { type: 'string' }, UserId: { type: 'integer' }, UserName: { type: 'string' },
    FullName: { type: 'string' }, AcquiredAt: { type: 'string', format: 'date-time' }, Expire: { type: 'string', format: 'date-time' },
  },
} as const;

/**
 * Record locks (spec 2 "Record lock lifecycle"; the store is store.ts): GET renew and DELETE release by the lock's id, for
 * the session holding it; which of a list's rows are still locked (the grid refreshes when one is released); and, for
 * holders of RecordLocks, every lock held now and releasing one (a lock held by a closed laptop need not be waited out).
 */
export default fp(async function recordLockRoutes(app) {
  app.decorate('lockedLists', new Map<string, LockedList>());
  app.decorate('ownedLockDomains', new Map<string, OwnedRecords>());
  const seconds = () => app.config.recordLockSeconds;
  const idle = () => app.config.sessionIdleSeconds;
  const tags = ['record locks'];

  // A list's answer names the rows on its page locked by someone else.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const list = app.lockedLists.get(`${request.method} ${request.routeOptions.url}`);
    const items = (payload as { Items?: unknown } | null)?.Items;
    if (!list || !Array.isArray(items) || !request.principal || reply.statusCode !== 200) return payload;
    // Read with the page itself (runList's locks): nothing more to ask.
    const folded = (payload as { [lockedRowIds]?: number[] })[lockedRowIds];
    if (folded) {
      reply.header(lockHeaders.lockedIds, JSON.stringify(folded));
      return payload;
    }
    const { domain, idField } = await list(request);
    const ids = items.map((row) => Number((row as Record<string, unknown>)[idField])).filter((n) => Number.isSafeInteger(n));
    reply.header(lockHeaders.lockedIds, JSON.stringify(await lockedByOthers(app.db, domain, ids, lockOwnerOf(request), idle())));
    return payload;
  });

  app.get<{ Params: { lockId: string } }>('/api/record-locks/:lockId', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: "Renew a lock this session holds: it lasts the full duration again. 'Invalid Lock' (409) when it is not held (expired, released or another's).",
      params: lockParams,
      response: { 200: lockAnswer },
    },
  }, async (request) => {
    const renewed = await renewLock(app.db, request.params.lockId, request.principal!.SessionId, seconds());
    if (!renewed) throw HttpError.of(409, lockMessages.invalidLock, null, 'InvalidLock');
    return { RecordLockId: renewed.LockId, LockDuration: seconds() };
  });

  app.delete<{ Params: { lockId: string } }>('/api/record-locks/:lockId', {
    config: { access: 'session' },
    schema: { tags, summary: 'Release a lock this session holds (a lock not held is no error).', params: lockParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await releaseLock(app.db, request.params.lockId, request.principal!.SessionId);
    return reply.status(204).send();
  });

  app.get<{ Params: { domain: string }; Querystring: { ids: string } }>('/api/record-locks/held/:domain', {
    config: { access: { resolve: domainAccess, describe: "the module of the domain's records (a built form's: Form<id>)" }, keepsAlive: false },
    schema: {
      tags,
      summary: 'Of the ids given (comma-separated), those someone else holds locked now: a grid showing locked rows asks, and refreshes once one is released.',
      params: domainParams,
      querystring: { type: 'object', required: ['ids'], properties: { ids: { type: 'string', maxLength: 2000 } } },
      response: { 200: { type: 'object', properties: { LockedIds: { type: 'array', items: { type: 'integer' } } } } },
    },
  }, async (request) => {
    const ids = request.query.ids.split(',').filter(Boolean).slice(0, 200).map(domainIdOf);
    const domain = await lockDomainOf(request.params.domain);
    return { LockedIds: await lockedByOthers(app.db, domain, await readableIds(request, domain, ids), lockOwnerOf(request), idle()) };
  });

  /** Of the ids, those the user may read: a record hidden by the row rule is not told about, as one that does not exist. */
  async function readableIds(request: FastifyRequest, domain: string, ids: number[]): Promise<number[]> {
    const formId = builtFormIdOf(domain);
    // A built form's records are reached only while it is active (record-routes.ts), by their creator without View All Records.
    const form = formId ? await builtForm(app.db, formId) : null;
    if (formId && !form) return [];
    const owned = form ? { table: recordTableName(formId!), idField: 'RecordId', ownerField: 'CreatedById', circleField: form.form.IsCircleable ? circleIdField : undefined } : app.ownedLockDomains.get(domain);
    if (!owned || !ids.length || !ownRecordsOnly(request.principal)) return ids;
    const rows: Row[] = await withRowRule(app.db(owned.table).whereIn(owned.idField, ids), owned.ownerField, request.principal, owned.circleField).select(owned.idField);
    return rows.map((row) => Number(row[owned.idField]));
  }

  const admin = { module: recordLocksModule };
  app.get('/api/record-locks', {
    config: { access: admin },
    schema: { tags, summary: 'Every record lock held now, soonest to expire first, with who holds it.', response: { 200: { type: 'array', items: lockRow } } },
  }, async () => (await liveLocks(app.db, idle())).map((lock) => ({ ...lock, RecordLabel: recordLabel(lock.Domain) })));

  app.delete<{ Params: { domain: string; domainId: string } }>('/api/record-locks/:domain/:domainId', {
    config: { access: admin },
    schema: { tags, summary: "Release a record's lock, whoever holds it. 'Invalid Domain Id' (400) when the id is not a number.", params: domainParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await forceRelease(app.db, request.params.domain, domainIdOf(request.params.domainId));
    return reply.status(204).send();
  });

  /** A screen's records need its module; a built form's ('form-12') the form's; an unknown domain the lock administrators'. */
  /** A page's records are its form's: locked in the form's domain, whichever screen they are opened from. */
  async function lockDomainOf(domain: string): Promise<string> {
    const pageId = pageIdOf(domain);
    if (pageId === null) return domain;
    const page = await pageScreen(app.db, pageId);
    return page ? `form-${page.page.FormId}` : domain;
  }

  function domainAccess(request: FastifyRequest): ModuleAccess {
    const domain = String((request.params as { domain?: string }).domain ?? '');
    const pageId = pageIdOf(domain);
    if (pageId) return { module: pageModuleName(pageId) };
    const formId = builtFormIdOf(domain);
    if (formId) return { module: `Form${formId}` };
    const module = app.registry.screens.get(domain)?.module;
    return { module: module ?? recordLocksModule };
  }

  /** What a domain's records are called, for the administrators' list. */
  function recordLabel(domain: string): string {
    const formId = builtFormIdOf(domain);
    if (formId) return `Form ${formId} record`;
    const screen = app.registry.screens.get(domain);
    return screen?.form?.entityLabel ?? screen?.title ?? domain;
  }
});
