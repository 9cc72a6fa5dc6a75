import type { Knex } from 'knex';
import type { ColumnMapping, ImportMask } from './target.ts';
import type { ImportFileKind } from './read-rows.ts';

/** The states of an import: uploaded, its dry run under way or done, its rows being written, and how it ended. */
export type ImportState = 'Uploaded' | 'Checking' | 'Checked' | 'Importing' | 'Done' | 'Cancelled' | 'Failed' | 'Undone';
export type ImportMode = 'skip' | 'all';

/** One bad row as the dry run lists it: the row's number in the file, the field's label and the message. */
export interface RowError { Row: number; Field: string | null; PropertyName: string | null; Message: string }

export interface ImportJobRow {
  ImportJobId: number;
  Target: string;
  FormId: number | null;
  FileName: string;
  UserFileName: string;
  FileKind: ImportFileKind;
  Sha256: string;
  Columns: string[];
  Mapping: ColumnMapping[];
  Mask: ImportMask;
  Mode: ImportMode | null;
  State: ImportState;
  CancelRequested: boolean;
  TotalRows: number;
  CheckedRows: number;
  BadRows: number;
  Errors: RowError[];
  Imported: number;
  Skipped: number;
  NextRow: number;
  RequestedById: number | null;
  RequestedBy: string;
  Message: string | null;
  CreatedDate: string;
  FinishedDate: string | null;
  UndoneDate: string | null;
  UndoneBy: string | null;
}

/** The dry run keeps this many bad rows to show (every one is counted). */
export const listedErrors = 1000;

export async function readJob(db: Knex, id: number): Promise<ImportJobRow | undefined> {
  return db('import_jobs').where({ ImportJobId: id }).first();
}

/** The job as the browser sees it (what it polls). */
export function jobAnswer(job: ImportJobRow) {
  return {
    ImportJobId: job.ImportJobId, Target: job.Target, UserFileName: job.UserFileName, Columns: job.Columns, Mapping: job.Mapping,
    Mode: job.Mode, State: job.State, CancelRequested: job.CancelRequested, TotalRows: job.TotalRows, CheckedRows: job.CheckedRows,
    BadRows: job.BadRows, Errors: job.Errors, Imported: job.Imported, Skipped: job.Skipped, RequestedBy: job.RequestedBy,
    Message: job.Message, CreatedDate: job.CreatedDate, FinishedDate: job.FinishedDate, UndoneDate: job.UndoneDate, UndoneBy: job.UndoneBy,
  };
}

const rowErrorSchema = {
  type: 'object', required: ['Row', 'Field', 'Message'],
  properties: { Row: { type: 'integer' }, Field: { type: ['string', 'null'] }, PropertyName: { type: ['string', 'null'] }, Message: { type: 'string' } },
} as const;
export const mappingSchema = {
  type: 'array', maxItems: 500,
  items: { type: 'object', additionalProperties: false, required: ['Column', 'Field'], properties: { Column: { type: 'integer', minimum: 0 }, Field: { type: 'string', maxLength: 200 } } },
} as const;

/** The response schema of an import job. */
export const jobSchema = {
  type: 'object',
  properties: {
    ImportJobId: { type: 'integer' }, Target: { type: 'string' }, UserFileName: { type: 'string' },
    Columns: { type: 'array', items: { type: 'string' } }, Mapping: mappingSchema,
    Mode: { type: ['string', 'null'], enum: ['skip', 'all', null] },
    State: { type: 'string', enum: ['Uploaded', 'Checking', 'Checked', 'Importing', 'Done', 'Cancelled', 'Failed', 'Undone'] },
    CancelRequested: { type: 'boolean' }, TotalRows: { type: 'integer' }, CheckedRows: { type: 'integer' }, BadRows: { type: 'integer' },
    Errors: { type: 'array', items: rowErrorSchema }, Imported: { type: 'integer' }, Skipped: { type: 'integer' },
    RequestedBy: { type: 'string' }, Message: { type: ['string', 'null'] },
    CreatedDate: { type: 'string', format: 'date-time' }, FinishedDate: { type: ['string', 'null'], format: 'date-time' },
    UndoneDate: { type: ['string', 'null'], format: 'date-time' }, UndoneBy: { type: ['string', 'null'] },
  },
} as const;
