import type { Knex } from 'knex';

/**
 * users.is_verified: false from the moment an activation mail is sent until its link (or a password link) is used;
 * accounts made any other way count as verified, so nothing changes for them.
 * Keys mailed in activation and password links (or handed out at a forced password change). Only the sha256 of
 * a key is kept, so a database reader cannot use a pending link; used_at makes a key single-use, renewed_at lets
 * a stale key buy exactly one fresh key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('is_verified').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('verification_keys', (t) => {
    t.increments('key_id').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('users').onDelete('cascade');
    t.string('key_hash', 64).notNullable().unique();
    t.string('reason', 40).notNullable();
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('renewed_at', { useTz: true });
  });
  await knex.raw('create index verification_keys_live_by_user on verification_keys (user_id, reason) where used_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('verification_keys');
  await knex.schema.alterTable('users', (t) => t.dropColumn('is_verified'));
}
