import type { Knex } from 'knex';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { walkControls, type RuleSchema, type RuleUi } from '../../../engine/widgets/rule-walk.ts';
import { fieldFileLimits, storedFileErrors, type FieldFileLimits, type FileUploaderOptions, type StoredFileFacts } from '../../../engine/widgets/file-uploader/logic.ts';
import type { FileStorage } from './storage.ts';
import { storedNamePattern } from './rules.ts';

/** One stored file a record names, with the limits of the field that names it. */
interface FileReference {
  field: string;
  fileName: string;
  limits: FieldFileLimits;
}

const storedName = new RegExp(storedNamePattern);

/** The files a record's upload fields name: each active file of a file list, an image's file. */
function referencesOf(schema: RuleSchema, uiSchema: RuleUi, values: Record<string, unknown>, globalMaxMB: number): FileReference[] {
  const references: FileReference[] = [];
  walkControls(schema, uiSchema, values, ({ control, options, value, path }) => {
    if (control !== 'fileUploader' && control !== 'imageUpload') return;
    const limits = fieldFileLimits(control, options as FileUploaderOptions, globalMaxMB);
    const entries = control === 'fileUploader'
      ? (Array.isArray(value) ? value : []).filter((f) => (f as { IsActive?: unknown })?.IsActive !== false)
      : value ? [value] : [];
    for (const entry of entries) {
      const fileName = (entry as { FileName?: unknown })?.FileName;
      // An image field with no file is empty, not a reference; the control's own rule says whether it may be.
      if (control === 'imageUpload' && (fileName === undefined || fileName === null || fileName === '')) continue;
      references.push({ field: path.join('.'), fileName: typeof fileName === 'string' ? fileName : '', limits });
    }
  });
  return references;
}

/**
 * The server's check of every file a write names (the widget library's per-field limits, which the browser
 * checks before uploading): the file has a record and bytes on disk, came through the field's kind of upload,
 * and keeps the field's extension list and size limit. The count of a file list is its control's rule
 * (maxUploads over active files), checked with the others in body-validator.ts. Errors name the field by its
 * dotted path, in the specification's words, each once per field.
 */
export function fieldFileChecker(storage: FileStorage, globalMaxMB: number) {
  return async function checkFieldFiles(db: Knex, schema: RuleSchema, uiSchema: RuleUi, values: Record<string, unknown>): Promise<ErrorItem[]> {
    const references = referencesOf(schema, uiSchema, values, globalMaxMB);
    if (!references.length) return [];
    const names = [...new Set(references.map((r) => r.fileName).filter((n) => storedName.test(n)))];
    const rows: Array<{ FileName: string; Kind: string; SizeBytes: number | string }> = names.length
      ? await db('files').whereIn('FileName', names).select('FileName', 'Kind', 'SizeBytes')
      : [];
    const facts = new Map<string, StoredFileFacts>();
    for (const row of rows) {
      // The size on disk is what is served; a record whose bytes are gone is a missing file.
      const size = await storage.size(row.FileName);
      facts.set(row.FileName, size === null ? { missing: true } : { missing: false, kind: row.Kind, fileName: row.FileName, sizeBytes: Number(row.SizeBytes) });
    }
    const seen = new Set<string>();
    const errors: ErrorItem[] = [];
    for (const reference of references) {
      for (const message of storedFileErrors(facts.get(reference.fileName) ?? { missing: true }, reference.limits)) {
        const key = `${reference.field}\u0000${message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        errors.push({ PropertyName: reference.field, ErrorMessage: message, ErrorCode: 'FieldFile' });
      }
    }
    return errors;
  };
}

export type CheckFieldFiles = ReturnType<typeof fieldFileChecker>;
