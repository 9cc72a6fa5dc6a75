import type { Knex } from 'knex';

/**
 * The bytes of uploaded files when the server runs on PostgreSQL (DATABASE_URL): every server process reaches
 * them, with no shared disk. A file is its chunks in order (at most 256 KiB each), written and read one chunk at a
 * time so no file is ever whole in memory. The embedded database (PGlite) keeps files on the disk of DATA_DIR and
 * leaves this table empty.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_chunks', (t) => {
    t.string('file_name', 64).notNullable();
    t.integer('seq').notNullable();
    t.binary('bytes').notNullable();
    t.primary(['file_name', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('file_chunks');
}
