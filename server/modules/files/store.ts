import type { Knex } from 'knex';
import type { FileKind } from './rules.ts';

/** A stored file's record as the client sees it (spec 3 "Uploaded file"). */
export interface UploadedFileRecord {
  Id: number;
  Name: string;
  Description: string;
  FileName: string;
  UserFileName: string;
  IsActive: boolean;
}

export interface StoredFileRow extends UploadedFileRecord {
  Kind: FileKind;
  ContentType: string;
  SizeBytes: number;
  /** The user who uploaded it. */
  CreatedBy: string;
}

const recordColumns = { Id: 'FileId', Name: 'Name', Description: 'Description', FileName: 'FileName', UserFileName: 'UserFileName', IsActive: 'IsActive' };

export async function insertFile(db: Knex, row: Omit<StoredFileRow, 'Id' | 'IsActive'> & { Module: string; IsActive?: boolean }): Promise<UploadedFileRecord> {
  const [created] = await db('files').insert(row).returning(Object.entries(recordColumns).map(([as, column]) => `${column} as ${as}`));
  return created as UploadedFileRecord;
}

/** The record of a stored file by its server-chosen name. */
export async function findFile(db: Knex, fileName: string): Promise<StoredFileRow | undefined> {
  return db('files').where('FileName', fileName).first({ ...recordColumns, Kind: 'Kind', ContentType: 'ContentType', SizeBytes: 'SizeBytes', CreatedBy: 'CreatedBy' });
}
