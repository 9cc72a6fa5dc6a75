import type { Knex } from 'knex';

/**
 * Indexes the user list walks: one (column, id) b-tree per sortable column, so a page in either direction
 * is an index range scan, and a trigram index over the searchable columns, in the order the screen declares
 * them (LastName, FirstName, UserName, EmailAddress), for contains-search.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  for (const column of ['last_name', 'first_name', 'email_address']) {
    await knex.raw(`create index users_${column}_order on users (${column}, user_id)`);
  }
  await knex.raw(`create index users_search_trgm on users using gin (
    (coalesce(last_name::text, '') || ' ' || coalesce(first_name::text, '') || ' ' || coalesce(user_name::text, '') || ' ' || coalesce(email_address::text, ''))
    gin_trgm_ops)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const column of ['last_name', 'first_name', 'email_address']) await knex.raw(`drop index if exists users_${column}_order`);
  await knex.raw('drop index if exists users_search_trgm');
}
