import type { Knex } from 'knex';

/**
 * Files are reached through the records that name them (issue 28, findings 4 and 7).
 * - files.module: the module an upload was made for (its user held it). Null for files stored before this
 *   migration: those are never removed as orphans, since nothing recorded what they were for.
 * - file_references: which record names which stored file (the module a reader must hold, the record's table,
 *   id column and owner column, all as the server's knex code names them). Written by every save of a record;
 *   a download needs read access to one of them, and a file none names is an orphan, removed after a grace period.
 * Existing data: the references of the records that can name files today (built forms' records, the client
 * settings, users' UDFs) are filled in from their stored values, so nothing already readable becomes unreadable.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    t.string('module', 100);
  });
  await knex.schema.createTable('file_references', (t) => {
    t.string('file_name', 64).notNullable().references('file_name').inTable('files').onDelete('CASCADE');
    t.string('module', 100).notNullable();
    t.string('table_name', 100).notNullable();
    t.string('id_column', 100).notNullable();
    t.string('owner_column', 100);
    t.bigInteger('record_id').notNullable();
    t.primary(['file_name', 'table_name', 'record_id']);
    t.index(['table_name', 'record_id']);
  });
  await knex.raw('create index files_created_by on files (created_by)');

  const holders: Array<{ table: string; module: string; idColumn: string; idSql: string; ownerColumn: string | null }> = [
    { table: 'client_settings', module: 'ApplicationSettings', idColumn: 'ClientSettingsId', idSql: 'client_settings_id', ownerColumn: null },
    { table: 'users', module: 'RegisterUser', idColumn: 'UserId', idSql: 'user_id', ownerColumn: 'CreatedById' },
  ];
  const forms = await knex.raw(`select form_id, coalesce(table_name, 'form_records_' || form_id) as table_name from forms`);
  for (const form of forms.rows as Array<{ form_id?: number; FormId?: number; table_name?: string; TableName?: string }>) {
    const formId = form.form_id ?? form.FormId;
    const table = form.table_name ?? form.TableName;
    // A shipped entity's UDF form (the users') keeps its values in that entity's table, listed above.
    if (table !== `form_records_${formId}`) continue;
    holders.push({ table, module: `Form${formId}`, idColumn: 'RecordId', idSql: 'record_id', ownerColumn: 'CreatedById' });
  }
  for (const holder of holders) {
    const exists = await knex.raw('select to_regclass(?) is not null as present', [`public.${holder.table}`]);
    const present = (exists.rows[0] as { present?: boolean; Present?: boolean });
    if (!(present.present ?? present.Present)) continue;
    // A stored name is 32 random hex digits and an extension: found in a row's text, it is that file.
    await knex.raw(`insert into file_references (file_name, module, table_name, id_column, owner_column, record_id)
      select f.file_name, ?, ?, ?, ?, r.?? from ?? r join files f on strpos(r::text, f.file_name) > 0
      on conflict do nothing`, [holder.module, holder.table, holder.idColumn, holder.ownerColumn, holder.idSql, holder.table]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('file_references');
  await knex.raw('drop index if exists files_created_by');
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('module');
  });
}
