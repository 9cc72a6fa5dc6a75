import type { FastifyInstance, InjectOptions } from 'fastify';
import { injectAs, type SignedIn } from './helper.ts';

/** The headers a write sends back after a read for update: the record's lock and the version it was read at. */
export interface LockedRead {
  status: number;
  record: Record<string, unknown>;
  headers: Record<string, string>;
  /** recordlockmessage when the lock went to someone else. */
  message: string;
}

/** GET {url}?lock=true as the user (in a browser window, when given): the record, and what its write must send. */
export async function readForUpdate(app: FastifyInstance, who: SignedIn, url: string, windowId?: string): Promise<LockedRead> {
  const res = await injectAs(app, who, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}lock=true`, headers: windowId ? { 'x-window-id': windowId } : {} });
  const lockId = res.headers.recordlockid;
  const version = res.headers.recordversion;
  return {
    status: res.statusCode,
    record: res.statusCode === 200 ? res.json() : {},
    headers: { ...(lockId ? { recordlockid: String(lockId) } : {}), ...(version ? { recordversion: String(version) } : {}) },
    message: String(res.headers.recordlockmessage ?? ''),
  };
}

/** A write to a record as the user, after reading it for update (as the browser's form does). */
export async function writeLocked(app: FastifyInstance, who: SignedIn, method: 'POST' | 'DELETE', url: string, payload?: unknown, readUrl = url.replace(/\/deactivate$/, '')) {
  const { headers } = await readForUpdate(app, who, readUrl);
  return injectAs(app, who, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/**
 * A write to a locked record: update, deactivate, delete (and a move to another circle) of a screen's or a built form's record, of a simple lookup
 * item, a form field, a setting or a home widget, and a save of one's account or the client settings.
 */
const recordWrite = /^(\/api\/(?:(?:users|roles|circles\/atomic|forms|lookup-tables|pages|pagefields|menu-items|(?:forms|pages)\/\d+\/records|simple-lookups\/\d+\/items|formfields|appsettings|widgets)\/\d+|youraccount|clientsettings))(\/deactivate|\/circle)?(\?.*)?$/;

/** Where a locked write's record is read for update: the record's own address, or, arranging a role's home, that home's. */
function lockedReadOf(options: InjectOptions): string | null {
  if (options.url === '/api/widgets/arrange') return `/api/widgets/arrangement?roleId=${(options.payload as { RoleId?: unknown } | undefined)?.RoleId}`;
  return typeof options.url === 'string' ? recordWrite.exec(options.url)?.[1] ?? null : null;
}

/**
 * app.inject as a signed-in user, with a write to a record made as the browser's form makes it: the record read for
 * update first (its lock and version sent with the write), and the lock released after. Other calls go as they are.
 */
export async function injectLocked(app: FastifyInstance, who: SignedIn, options: InjectOptions) {
  const readUrl = lockedReadOf(options);
  if (!readUrl || (options.method !== 'POST' && options.method !== 'DELETE') || (options.headers as Record<string, unknown> | undefined)?.recordlockid) return injectAs(app, who, options);
  const read = await readForUpdate(app, who, readUrl);
  try {
    return await injectAs(app, who, { ...options, headers: { ...read.headers, ...(options.headers ?? {}) } });
  } finally {
    if (read.headers.recordlockid) await injectAs(app, who, { method: 'DELETE', url: `/api/record-locks/${read.headers.recordlockid}` });
  }
}
