import type { Knex } from 'knex';
import { administrationGroupSystemName } from './124_administration_menu_group.ts';

export const clientErrorLogModule = { name: 'ClientErrorLog', label: 'Client Error Log' } as const;

/** The searchable columns the client error log's screen declares (UserName is searched apart, through the users join). */
const searchExpression = "(coalesce(type::text, '') || ' ' || coalesce(message::text, '') || ' ' || coalesce(source::text, ''))";

/**
 * The client error log as a screen (metadata/screens/clienterrorlog.json): its module, last among the administration
 * modules of the access editor, its module node (role 1 holds every node through role_grants), and its menu entry just
 * after the Mail Outbox in the Administration group. 'View All Records' means nothing here: the entries have no owner.
 * The list is searched by a trigram index over its columns, and filtered by type (the HTTP errors by prefix).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index client_errors_search_trgm on client_errors using gin (${searchExpression} gin_trgm_ops)`);
  await knex.raw('create index client_errors_type on client_errors (type text_pattern_ops, created_date desc)');

  if (await knex('modules').where({ name: clientErrorLogModule.name }).first('module_id')) return;
  const category = await knex('permission_categories').where({ name: 'Administration' }).first('category_id');
  const [{ last }] = await knex('modules').where({ category_id: category?.category_id ?? null }).max('sort_order as last');
  const [{ module_id: moduleId }] = await knex('modules').insert({
    ...clientErrorLogModule, allow_view_all_records: false, category_id: category?.category_id ?? null, sort_order: Number(last ?? 0) + 1,
  }).returning('module_id');
  await knex('permission_nodes').insert({ type: 'module', module_id: moduleId, name: clientErrorLogModule.name, label: clientErrorLogModule.label, sort_order: Number(last ?? 0) + 1 });
  await knex('menu_items').insert({
    name: clientErrorLogModule.label, menu_item_type_id: 2, module_id: moduleId, created_by: 'system', ...(await placeAfterMailOutbox(knex)),
  });
}

/** Just after the Mail Outbox's entry (between it and the next one), else last in the Administration group, else last on the first tier. */
async function placeAfterMailOutbox(knex: Knex): Promise<{ parent_menu_item_id: number | null; sort_order: number }> {
  const mail = await knex('menu_items as mi').join('modules as m', 'm.module_id', 'mi.module_id')
    .where({ 'm.name': 'MailOutbox', 'mi.menu_item_type_id': 2 }).first('mi.parent_menu_item_id', 'mi.sort_order');
  const group = await knex('menu_items').where({ system_name: administrationGroupSystemName }).first('menu_item_id');
  const parent: number | null = mail ? mail.parent_menu_item_id : group?.menu_item_id ?? null;
  const siblings = () => (parent === null ? knex('menu_items').whereNull('parent_menu_item_id') : knex('menu_items').where({ parent_menu_item_id: parent }));
  if (!mail) {
    const [{ last }] = await siblings().max('sort_order as last');
    return { parent_menu_item_id: parent, sort_order: Number(last ?? 0) + 10 };
  }
  const after = Number(mail.sort_order);
  const [{ next }] = await siblings().where('sort_order', '>', after).min('sort_order as next');
  if (next === null || Number(next) - after >= 2) return { parent_menu_item_id: parent, sort_order: next === null ? after + 10 : Math.floor((after + Number(next)) / 2) };
  // No room between them: the later entries move one down, keeping their order.
  await siblings().where('sort_order', '>', after).increment('sort_order', 1);
  return { parent_menu_item_id: parent, sort_order: after + 1 };
}

export async function down(knex: Knex): Promise<void> {
  const module = await knex('modules').where({ name: clientErrorLogModule.name }).first('module_id');
  if (module) {
    await knex('menu_items').where({ module_id: module.module_id, created_by: 'system' }).delete();
    await knex('modules').where({ module_id: module.module_id }).delete();
  }
  await knex.raw('drop index if exists client_errors_type');
  await knex.raw('drop index if exists client_errors_search_trgm');
}
