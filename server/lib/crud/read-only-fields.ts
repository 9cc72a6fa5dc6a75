import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { RecordWriter } from '../../types.ts';
import { moduleAccessOf } from '../../modules/access/effective-access.ts';
import { routeNodeName } from '../../modules/access/permission-nodes.ts';
import { sameValue } from './audit.ts';
import { fieldAccessMessage } from './record-access.ts';

type Row = Record<string, unknown>;

/** What a read-only field's screen says beside it. */
export const readOnlyFieldHelp = 'You can see this field but not change it.';
/** What Is Active says to a user who may not deactivate or reactivate the record. */
export const activeStateHelp = 'You cannot deactivate or reactivate this record: that needs the right to delete or deactivate it.';

/** The field levels of spec 2 section 6: fields the user holds read-only, read with the session. */
export function readOnlyFieldsOf(principal: RecordWriter | undefined): string[] {
  return principal?.Access?.readOnlyFields ?? [];
}

/**
 * Whether the user may change a record's active state on this screen: Is Active on an update form follows the
 * screen's delete-or-deactivate route node, as the Deactivate button does. A screen without that route asks nothing more.
 */
export async function holdsActiveState(db: Knex, screen: ScreenDocument, principal: RecordWriter | undefined): Promise<boolean> {
  const route = activeStateRoute(screen);
  if (!principal || principal.IsMaster || !route || !screen.module) return true;
  if (principal.UserId === null) return false;
  return (await moduleAccessOf(db, principal.UserId, screen.module, route)).holdsRoute;
}

/** The route node a record's active state follows: the screen's delete-or-deactivate route's (none without that route). */
export function activeStateRoute(screen: ScreenDocument): string | null {
  return screen.routes.delete ? routeNodeName(screen.id, 'delete') : null;
}

/**
 * A field error for each read-only field a write would change: on an update a value other than the stored one, on a
 * create a value other than none or the field's default. A client that sends the record back whole, with such fields
 * as they were, is not refused.
 */
export function readOnlyChangeErrors(body: unknown, readOnly: string[], before: Row | null, defaults: Row = {}): ErrorItem[] {
  if (!readOnly.length || !body || typeof body !== 'object') return [];
  const sent = body as Row;
  const changes = (field: string) => (before
    ? !sameValue(sent[field], before[field])
    : !isEmpty(sent[field]) && !sameValue(sent[field], defaults[field]));
  return readOnly.filter((field) => field in sent && changes(field))
    .map((field) => ({ PropertyName: field, ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }));
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
