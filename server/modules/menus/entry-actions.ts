import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { entryActionRows } from '../../db/migrations/126_entry_actions.ts';

/** The entry actions by id (migration 126): what a module link or a page opens, its list or its create screen. */
export const entryAction = { list: 1, create: 2 } as const;

/** Words older documents and pages used for an action, beside the actions' own names. */
const aliases: Record<string, number> = { index: entryAction.list };

/** An action's name as a transfer document carries it (ids differ between installations; names do not). */
export const entryActionName = (id: unknown): string | null => entryActionRows.find((a) => a.entry_action_id === id)?.name ?? null;

/** A document's action name as this installation's id; a name that is no action is refused, naming the choices. */
export function entryActionIdOf(name: string | null | undefined, where: string): number | null {
  if (name === null || name === undefined || !name.trim()) return null;
  const key = name.trim().toLowerCase();
  const id = entryActionRows.find((a) => a.name.toLowerCase() === key)?.entry_action_id ?? aliases[key];
  if (id === undefined) throw HttpError.of(400, `${where} names the action '${name}', which is not one of ${entryActionRows.map((a) => a.name).join(', ')}.`, null, 'UnknownAction');
  return id;
}

/** A written Action: 'Please Select' (below 1) is none; an id the lookup does not have is refused on the field. */
export async function checkedEntryAction(trx: Knex, value: unknown): Promise<number | null> {
  if (value === null || value === undefined || (typeof value === 'number' && value < 1)) return null;
  if (!(await trx('entry_actions').where({ EntryActionId: value }).first('EntryActionId'))) {
    throw HttpError.of(400, 'The chosen action does not exist. Choose an action from the list.', 'Action', 'NotFound');
  }
  return value as number;
}
