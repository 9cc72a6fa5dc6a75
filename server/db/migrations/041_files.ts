import type { Knex } from 'knex';

/**
 * Uploaded files' metadata (spec 3 "Uploaded file" and "Image"). The bytes live on disk under
 * DATA_DIR/files under the server-chosen file_name; the name the user's file had is only kept here
 * (user_file_name), never used as a path. Kind: 'file' (documents), 'image', 'clientlogo'.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.increments('file_id').primary();
    t.string('file_name', 64).notNullable().unique();
    t.string('user_file_name', 255).notNullable();
    t.string('name', 200).notNullable();
    t.string('description', 2000).notNullable().defaultTo(' ');
    t.string('kind', 20).notNullable();
    t.string('content_type', 100).notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('created_by', 200).notNullable();
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("alter table files add constraint files_kind check (kind in ('file', 'image', 'clientlogo'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('files');
}
