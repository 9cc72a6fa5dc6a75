import type { Knex } from 'knex';
import type { FastifyRequest } from 'fastify';
import type { LockTarget } from '../../lib/crud/record-lock.ts';
import { requireWriteLock } from '../../lib/crud/record-lock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { widgetGone } from './store.ts';

/** Who may change a widget or a role's home, and so take their locks: the widget manager's holders. */
export const widgetManagerAccess = { module: 'WidgetManager' };

type Lock = Omit<LockTarget, 'id'>;

/**
 * A widget is locked in the domain of its screen (metadata/screens/homeconfiguration.json), the domain the browser's
 * lock store names too; one role's home arrangement in a domain of its own, by the role's id.
 */
export const widgetLock: Lock = { domain: 'homeconfiguration', label: 'Widget', rights: [widgetManagerAccess] };
export const arrangementLock: Lock = { domain: 'homeconfiguration-arrangement', label: "Role's home", rights: [widgetManagerAccess] };

/** A widget about to be changed or deleted: 404 when there is none, else 'Invalid Lock' unless this session holds its lock. */
export async function requireWidgetLock(trx: Knex, request: FastifyRequest, widgetId: number): Promise<void> {
  if (!(await trx('widgets').where({ WidgetId: widgetId }).first('WidgetId'))) throw widgetGone();
  await requireWriteLock(trx, request, widgetLock.domain, widgetId);
}

/** A role whose home is read or arranged: 404 when there is none (its arrangement's lock would name nothing). */
export async function requireRole(db: Knex, roleId: number): Promise<void> {
  if (!(await db('roles').where({ RoleId: roleId }).first('RoleId'))) throw HttpError.of(404, 'This role does not exist.', 'RoleId', 'NotFound');
}
