import type { Knex } from 'knex';

/**
 * Circles have no owner among users (who created one decides nothing about who sees it): 'View All Records' means
 * nothing for module AggregateCircleManagement, so it is no longer offered there (as migration 070 did for Role).
 */
export async function up(knex: Knex): Promise<void> {
  await knex('modules').where({ name: 'AggregateCircleManagement' }).update({ allow_view_all_records: false });
  await knex('role_permissions').whereIn('node_id', knex('permission_nodes as n').join('modules as m', 'm.module_id', 'n.module_id')
    .where('m.name', 'AggregateCircleManagement').select('n.node_id')).update({ view_all_records: false });
}

export async function down(knex: Knex): Promise<void> {
  await knex('modules').where({ name: 'AggregateCircleManagement' }).update({ allow_view_all_records: true });
}
