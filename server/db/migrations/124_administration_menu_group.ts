import type { Knex } from 'knex';

/** The seeded group that holds the administration screens. */
export const administrationGroupSystemName = 'ADMINISTRATION';

/** The seeded module links that administer the application (staff hold none of them). */
const administrationModules = [
  'RegisterUser', 'Role', 'SessionManagement', 'MailOutbox', 'FormManagement', 'LookupTableManager', 'SimpleLookup',
  'MenuItem', 'PageManagement', 'PageField', 'ApplicationTransfer', 'ApplicationSettings',
];

const seeded = (knex: Knex) => knex('menu_items').where({ created_by: 'system' });

/**
 * Issue 29 finding 8: the administration screens gathered in one group, last on the first tier. A user without them
 * saw thirteen greyed entries (spec 2 draws items without access disabled); now one greyed group. Only the seeded
 * rows an administrator left on the first tier move; a separator left with nothing between it and the next one goes.
 */
export async function up(knex: Knex): Promise<void> {
  if (await knex('menu_items').where({ system_name: administrationGroupSystemName }).first('menu_item_id')) return;
  const [{ last }] = await knex('menu_items').whereNull('parent_menu_item_id').max('sort_order as last');
  const [{ menu_item_id: groupId }] = await knex('menu_items').insert({
    name: 'Administration', menu_item_type_id: 3, system_name: administrationGroupSystemName, parent_menu_item_id: null,
    sort_order: Number(last ?? 0) + 10, created_by: 'system',
  }).returning('menu_item_id');
  const moduleIds = knex('modules').whereIn('name', administrationModules).select('module_id');
  await seeded(knex).whereNull('parent_menu_item_id').where({ menu_item_type_id: 2 }).whereIn('module_id', moduleIds)
    .update({ parent_menu_item_id: groupId });
  await dropDoubledSeparators(knex);
}

/** First-tier seeded separators with no entry between them and the one before (or at the very top) go. */
async function dropDoubledSeparators(knex: Knex): Promise<void> {
  const top: Array<{ menu_item_id: number; menu_item_type_id: number; created_by: string | null }> = await knex('menu_items')
    .whereNull('parent_menu_item_id').where({ is_active: true }).orderBy(['sort_order', 'menu_item_id']).select('menu_item_id', 'menu_item_type_id', 'created_by');
  let previousWasSeparator = true;
  for (const item of top) {
    const separator = item.menu_item_type_id === 4;
    if (separator && previousWasSeparator && item.created_by === 'system') await knex('menu_items').where({ menu_item_id: item.menu_item_id }).delete();
    else previousWasSeparator = separator;
  }
}

export async function down(knex: Knex): Promise<void> {
  const group = await knex('menu_items').where({ system_name: administrationGroupSystemName }).first('menu_item_id');
  if (!group) return;
  await knex('menu_items').where({ parent_menu_item_id: group.menu_item_id }).update({ parent_menu_item_id: null });
  await knex('menu_items').where({ menu_item_id: group.menu_item_id }).delete();
}
