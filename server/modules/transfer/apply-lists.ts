import type { Knex } from 'knex';
import type { TransferLookupList } from './document.ts';
import { adoptKey, choiceKey, findDefinition, importedIds, keyColumn } from './matching.ts';
import { differing, type ApplyContext } from './plan.ts';

const byLower = (column: string, value: string) => (q: Knex.QueryBuilder) => q.whereRaw(`lower(${column}) = lower(?)`, [value]);

/**
 * Lookup lists and their items, each found by its key, else by its name: a list or item renamed on the source is
 * renamed here (records keep their values: they hold the item's id). A list the target made itself is taken over
 * only by the administrator's choice. Answers the list ids by the document's system names, and the lists changed.
 */
export async function applyLists(ctx: ApplyContext, lists: TransferLookupList[]): Promise<{ listIds: Map<string, number>; changedLists: number[] }> {
  const { trx, by, note } = ctx;
  const listIds = new Map<string, number>();
  const changedLists: number[] = [];
  const imported = await importedIds(trx, 'simple_lookup_tables');
  for (const list of lists) {
    const wanted = { SystemName: list.systemName, DisplayName: list.displayName, Description: list.description, IsActive: list.isActive, IsEditable: list.isEditable };
    const found = await findDefinition(trx, 'simple_lookup_tables', list.key, byLower('system_name', list.systemName));
    const stored = found?.row;
    let id: number;
    if (!stored) {
      [{ SimpleLookupTableId: id }] = await trx('simple_lookup_tables').insert({ ...wanted, ...(await keyColumn(trx, 'simple_lookup_tables', list.key)), CreatedBy: by, CreatedById: ctx.principal.UserId }).returning('SimpleLookupTableId');
      note('Lookup list', list.systemName, 'create');
    } else {
      id = stored.SimpleLookupTableId;
      if (!found.byKey && !imported.has(id)) {
        ctx.conflict({
          Kind: 'Lookup list', Key: choiceKey('Lookup list', list.key, list.systemName), Name: stored.SystemName,
          Message: `The target's lookup list '${stored.SystemName}' has the system name of the document's list: importing takes it over (its items become the document's).`,
        });
      }
      if (!found.byKey) await adoptKey(trx, 'simple_lookup_tables', { SimpleLookupTableId: id }, list.key);
      const changes = differing(stored, wanted, { SystemName: 'System Name', DisplayName: 'Display Name', Description: 'Description', IsActive: 'Is Active', IsEditable: 'Is Editable' });
      if (changes.length) {
        await trx('simple_lookup_tables').where({ SimpleLookupTableId: id }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now() });
        changedLists.push(id);
      }
      note('Lookup list', list.systemName, changes.length ? 'change' : 'unchanged', changes);
    }
    listIds.set(list.systemName.toLowerCase(), id);
    for (const entry of list.items) {
      const key = `${list.systemName} › ${entry.name}`;
      const itemWanted = { Name: entry.name, Description: entry.description, SortOrder: entry.sortOrder, IsActive: entry.isActive };
      const itemFound = await findDefinition(trx, 'simple_lookup_items', entry.key, byLower('name', entry.name), { TableId: id });
      if (!itemFound) {
        await trx('simple_lookup_items').insert({ TableId: id, ...itemWanted, ...(await keyColumn(trx, 'simple_lookup_items', entry.key)), CreatedBy: by });
        if (stored) changedLists.push(id);
        note('Lookup item', key, 'create');
        continue;
      }
      const item = itemFound.row;
      if (!itemFound.byKey) await adoptKey(trx, 'simple_lookup_items', { SimpleLookupItemId: item.SimpleLookupItemId }, entry.key);
      const changes = differing(item, itemWanted, { Name: 'Name', Description: 'Description', SortOrder: 'Sort Order', IsActive: 'Is Active' });
      if (changes.length) {
        await trx('simple_lookup_items').where({ SimpleLookupItemId: item.SimpleLookupItemId })
          .update({ ...itemWanted, ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
        changedLists.push(id);
      }
      note('Lookup item', key, changes.length ? 'change' : 'unchanged', changes);
    }
  }
  return { listIds, changedLists };
}
