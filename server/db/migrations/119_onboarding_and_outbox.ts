import type { Knex } from 'knex';

/** What an outbox row says of its mail: kept here unsent (no SMTP_URL), handed to the SMTP server, or refused by it. */
export const outboxStatuses = ['Not sent', 'Sent', 'Failed'] as const;

/** How an administrator chose to bring a new user in (the user create form's First Sign-In). */
export const signInSetups = ['SetPasswordNow', 'SendActivationEmail'] as const;

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Bringing a user in from the user screens, and the outbox as a screen:
 * - users.sign_in_setup: the choice made when an administrator created the account (null for accounts made before,
 *   by self-registration or without the choice), kept with the account so the create's audit entry names it;
 * - outbox.status and sent_date: mail is recorded with SMTP too (headers only: a sent mail's body may hold a sign-in
 *   link, which the database must not keep, as it keeps keys only hashed); failure_reason says why a send failed;
 * - outbox.user_id: the account whose sign-in, activation or password link the mail carries, so that only a reader
 *   who holds every privilege of that account reads its body (DESIGN "Identity");
 * - the seeded menu gets Mail Outbox beside Concurrent Sessions (the module and its grant to role 1 are migration 007's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('sign_in_setup', 30);
  });
  await knex.raw(`alter table users add constraint users_sign_in_setup check (sign_in_setup in (${inList(signInSetups)}))`);

  await knex.schema.alterTable('outbox', (t) => {
    t.string('status', 10).notNullable().defaultTo('Not sent');
    t.timestamp('sent_date', { useTz: true });
    t.string('failure_reason', 500);
    t.integer('user_id').references('user_id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw(`alter table outbox add constraint outbox_status check (status in (${inList(outboxStatuses)}))`);
  // The list opens newest first, and is searched by To and Subject (small table: the sort is what needs the index).
  await knex.raw('create index outbox_newest on outbox (created_date desc, outbox_id desc)');
  await knex.raw('create index outbox_user on outbox (user_id)');

  const module = await knex('modules').where({ name: 'MailOutbox' }).first('module_id');
  if (!module) return;
  const linked = await knex('menu_items').where({ module_id: module.module_id }).first('menu_item_id');
  if (linked) return;
  const sessions = await knex('menu_items as mi').join('modules as m', 'm.module_id', 'mi.module_id')
    .where({ 'm.name': 'SessionManagement' }).whereNull('mi.parent_menu_item_id').first('mi.sort_order');
  const [{ last }] = await knex('menu_items').whereNull('parent_menu_item_id').max('sort_order as last');
  await knex('menu_items').insert({
    name: 'Mail Outbox', menu_item_type_id: 2, module_id: module.module_id, parent_menu_item_id: null,
    sort_order: sessions ? Number(sessions.sort_order) + 5 : Number(last ?? 0) + 10, created_by: 'system',
  });
}

export async function down(knex: Knex): Promise<void> {
  const module = await knex('modules').where({ name: 'MailOutbox' }).first('module_id');
  if (module) await knex('menu_items').where({ module_id: module.module_id, created_by: 'system', name: 'Mail Outbox' }).delete();
  await knex.raw('drop index if exists outbox_user');
  await knex.raw('drop index if exists outbox_newest');
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('user_id');
    t.dropColumn('failure_reason');
    t.dropColumn('sent_date');
    t.dropColumn('status');
  });
  await knex.schema.alterTable('users', (t) => t.dropColumn('sign_in_setup'));
}
