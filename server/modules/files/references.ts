import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { Principal, RecordWriter } from '../../types.ts';
import { moduleAccessOf } from '../access/effective-access.ts';
import { pageModuleName } from '../../../engine/core/lowcode/compose-page.ts';

/**
 * Which records name which stored files (migration 114): a file is read through a record that names it, and a
 * file no record names is an orphan (orphan-sweep.ts). DESIGN "Identity": a record one may not read answers
 * exactly as one that does not exist, and so do its files.
 */

/** Where a record lives and who may read it: the module to hold, and the owner column of the row rule. */
export interface FileHolder {
  module: string;
  table: string;
  idColumn: string;
  /** The column holding the record's creator, for a module without 'View All Records'; none: the module is enough. */
  ownerColumn?: string;
}

/** Stored names are 32 random hex digits and an extension: found anywhere in a record's values, they name that file. */
const storedNameInText = /[0-9a-f]{32}\.(?:docx|doc|pdf|xls|xlsx|txt|csv|jpeg|jpg|png|tiff|gif|bmp)\b/g;

export const fileNotFound = 'The file could not be found.';

/** The stored names a record's values hold, wherever they are (a file list, an image, a UDF, a retired field). */
export function storedNamesIn(values: unknown): string[] {
  return [...new Set(JSON.stringify(values ?? null).match(storedNameInText) ?? [])];
}

interface ReferenceRow { Module: string; TableName: string; IdColumn: string; OwnerColumn: string | null; RecordId: number | string }

/** The modules whose holders read a record of this module: a built form's records are also read through its pages. */
async function readingModules(db: Knex, module: string): Promise<string[]> {
  const form = /^Form(\d+)$/.exec(module);
  if (!form) return [module];
  const pages: Array<{ PageId: number }> = await db('pages').where('FormId', Number(form[1])).select('PageId');
  return [module, ...pages.map((p) => pageModuleName(p.PageId))];
}

/** Whether the user may read the record a reference names: holds a module that reads it, and passes its row rule. */
async function mayReadReference(db: Knex, principal: Principal, reference: ReferenceRow): Promise<boolean> {
  for (const module of await readingModules(db, reference.Module)) {
    // A screen with no module is any signed-in user's, with no row rule.
    const access = module ? await moduleAccessOf(db, principal.UserId, module) : { holdsModule: true, viewAllRecords: true };
    if (!access.holdsModule) continue;
    const record = db(reference.TableName).where(reference.IdColumn, reference.RecordId);
    if (reference.OwnerColumn && !access.viewAllRecords) record.where(reference.OwnerColumn, principal.UserId);
    if (await record.first(reference.IdColumn)) return true;
  }
  return false;
}

/**
 * Whether the user may read a stored file: through a record that names it that they may read, or, while no
 * record names it yet, as the user who uploaded it.
 */
export async function mayReadFile(db: Knex, principal: Principal, file: { FileName: string; CreatedBy: string }): Promise<boolean> {
  const references: ReferenceRow[] = await db('file_references').where('FileName', file.FileName)
    .select('Module', 'TableName', 'IdColumn', 'OwnerColumn', 'RecordId');
  if (!references.length) return file.CreatedBy === principal.UserName;
  for (const reference of references) {
    if (await mayReadReference(db, principal, reference)) return true;
  }
  return false;
}

/**
 * Records which stored files a saved record names (its values after the save; null when it was deleted), in the
 * save's transaction. A file the record did not name before must be one the writer may read (their own upload not
 * yet attached, or a file of a record they may read): a name learnt elsewhere does not become readable by writing
 * it into a record. Files the record no longer names lose this reference (and, named by nothing, become orphans).
 */
export async function noteFileReferences(trx: Knex, principal: RecordWriter, holder: FileHolder, recordId: number, values: unknown | null): Promise<void> {
  const named = values === null ? [] : storedNamesIn(values);
  const before = new Set((await trx('file_references').where({ TableName: holder.table, RecordId: recordId }).select('FileName'))
    .map((r: { FileName: string }) => r.FileName));
  const stored: Array<{ FileName: string; CreatedBy: string }> = named.length
    ? await trx('files').whereIn('FileName', named).select('FileName', 'CreatedBy')
    : [];
  const added = stored.filter((f) => !before.has(f.FileName));
  for (const file of added) {
    // A visitor reads no file: a public form offers no upload, and a stored file's name is not theirs to attach.
    if (principal.UserId === null || !(await mayReadFile(trx, principal, file))) throw HttpError.of(400, fileNotFound, null, 'FileNotFound');
  }
  const kept = new Set(stored.map((f) => f.FileName));
  const dropped = [...before].filter((name) => !kept.has(name));
  if (dropped.length) await trx('file_references').where({ TableName: holder.table, RecordId: recordId }).whereIn('FileName', dropped).delete();
  if (added.length) {
    await trx('file_references').insert(added.map((f) => ({
      FileName: f.FileName, Module: holder.module, TableName: holder.table, IdColumn: holder.idColumn,
      OwnerColumn: holder.ownerColumn ?? null, RecordId: recordId,
    })));
  }
}
