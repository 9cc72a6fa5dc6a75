import { serverDay } from '../../server/modules/forms/built-forms.ts';
import { concurrently, latency, ms, type Latency } from './stats.ts';
import { clients, measure } from './grid.ts';
import { recordIndexesBuilt } from '../../server/modules/forms/record-indexes.ts';
import { benchUdf, changeRepetitions, log, metadataRepetitions, type Plain, type Session } from './lowcode-data.ts';

export interface ChangeRow { change: string; what: string; runsMs: number[]; targetMs?: number }

/** What a rename wrote: the records written since (their xmin newer than the mark) and whether the table's indexes are the same ones. */
async function writtenSince(plain: Plain, table: string, mark: { xid: number; indexes: string }) {
  const rows = (await plain.raw(`select count(*)::int as n from ${table} where xmin::text::bigint > ?`, [mark.xid])).rows[0].n as number;
  return { recordsRewritten: rows, indexesUnchanged: (await indexSignature(plain, table)) === mark.indexes };
}
const indexSignature = async (plain: Plain, table: string) =>
  ((await plain.raw('select string_agg(c.relname || \':\' || c.oid, \',\' order by c.relname) as s from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = to_regclass(?)', [table])).rows[0].s as string);
const markOf = async (plain: Plain, table: string) => ({
  xid: Number((await plain.raw('select (txid_current() % 4294967296)::bigint as x')).rows[0].x), indexes: await indexSignature(plain, table),
});


/** Field payload for POST /api/formfields. */
const fieldBody = (formId: number, Name: string, FieldType: string, extra: object = {}) => ({
  FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
});

/**
 * Definition changes on the million-record form, each timed by wall clock around its call (in-process inject:
 * the same route, transaction and DDL as over HTTP, without the socket). Every change is undone afterwards
 * (added fields deleted: they hold no values), so the next run finds the form of the same shape and reuses it;
 * the undoing is timed too.
 */
export async function definitionChanges(formId: number, admin: Session, plain: Plain): Promise<{ changes: ChangeRow[]; renames: Record<string, { recordsRewritten: number; indexesUnchanged: boolean }> }> {
  const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
    const started = performance.now();
    const result = await work();
    const took = performance.now() - started;
    log(`change:   (one call took ${took.toFixed(0)} ms)`);
    return [took, result];
  };
  type Field = { FormFieldId: number; Name: string } & Record<string, unknown>;
  // The form's ordinary fields and its UDFs (two lists).
  const fieldsNow = [
    ...(await admin.call('GET', `/api/forms/${formId}/fields`)).json() as Field[],
    ...(await admin.call('GET', `/api/forms/${formId}/udfs`)).json() as Field[],
  ];
  const byName = (name: string) => fieldsNow.find((f) => f.Name === name)!;
  /** A field's save, timed alone: the read for update that gives its lock and version comes before the clock starts. */
  const update = async (field: Record<string, unknown>, changes: object) => {
    const url = `/api/formfields/${field.FormFieldId as number}`;
    const lock = await admin.readForUpdate(url);
    return timed(() => admin.call('POST', url, { ...pickInput(field), ...changes }, lock));
  };
  const rows_: ChangeRow[] = [];
  const row = (change: string, what: string, targetMs?: number) => { const r: ChangeRow = { change, what, runsMs: [], ...(targetMs ? { targetMs } : {}) }; rows_.push(r); return r; };
  const added: number[] = [];

  const adds: Array<[string, string, string]> = [
    ['add a field: rich text', 'richText', 'neither sortable nor searchable: ALTER TABLE ADD COLUMN only (catalog change, no rewrite)'],
    ['add a field: integer', 'integer', 'sortable, not searchable: ADD COLUMN + its (column, record_id) b-tree built over every record'],
    ['add a field: text', 'text', 'sortable and searchable: ADD COLUMN; its b-tree and trigram index are built after the commit'],
  ];
  for (const [change, type, what] of adds) {
    const r = row(change, what);
    for (let rep = 1; rep <= changeRepetitions; rep++) {
      const [took, res] = await timed(() => admin.call('POST', '/api/formfields', fieldBody(formId, `Bench Added ${type} ${rep}`, type)));
      r.runsMs.push(took);
      added.push((res.json() as { FormFieldId: number }).FormFieldId);
    }
  }
  const udf = row('add a UDF (text)', 'a key of the records\' udf JSONB: no DDL');
  for (let rep = 1; rep <= changeRepetitions; rep++) {
    const [took, res] = await timed(() => admin.call('POST', '/api/formfields', { ...fieldBody(formId, `Bench Added Udf ${rep}`, 'text'), IsUdf: true, StartDate: serverDay(), ReportLabelText: null }));
    udf.runsMs.push(took);
    added.push((res.json() as { FormFieldId: number }).FormFieldId);
  }
  // Deactivating a searchable text field takes it out of the search expression: the same trigram rebuild as adding
  // one (timed above), so only the integer field is deactivated here, to keep the run short.
  for (const [name, what] of [['Severity', 'an integer field: the composed form changes, no DDL']] as const) {
    const off = row(`deactivate a field (${name})`, what);
    const on = row(`reactivate it (${name})`, 'undoing the deactivation, the same work again');
    for (let rep = 1; rep <= changeRepetitions; rep++) {
      off.runsMs.push((await update(byName(name), { IsActive: false }))[0]);
      on.runsMs.push((await update(byName(name), { IsActive: true }))[0]);
    }
  }
  // Renames, target under 100 ms each with nothing rewritten: a column's is a catalog change, a UDF's its form_fields row.
  const table = `form_records_${formId}`;
  const renames: Record<string, { recordsRewritten: number; indexesUnchanged: boolean }> = {};
  const renamePairs = [
    ['Location', 'Site Location', 'a field', 'ALTER TABLE RENAME COLUMN + its order and trigram indexes renamed'],
    [benchUdf.name, 'Lead Inspector', 'a UDF', 'its form_fields row only: values keyed by its id, no record rewritten, no index dropped or built'],
  ] as const;
  for (const [name, other, kind, what] of renamePairs) {
    const rename = row(`rename ${kind} (${name})`, what, 100);
    const back = row('rename it back', 'the same work again', 100);
    await recordIndexesBuilt(formId);
    const mark = await markOf(plain, table);
    for (let rep = 1; rep <= changeRepetitions; rep++) {
      rename.runsMs.push((await update(byName(name), { Name: other, ...(kind === 'a field' ? { ReportLabelText: other } : {}) }))[0]);
      back.runsMs.push((await update(byName(name), { Name: name, ...(kind === 'a field' ? { ReportLabelText: name } : {}) }))[0]);
    }
    await recordIndexesBuilt(formId);
    renames[name] = await writtenSince(plain, table, mark);
    log(`change:   ${changeRepetitions} x 2 renames of ${name}: ${renames[name].recordsRewritten} records rewritten, indexes ${renames[name].indexesUnchanged ? 'the same ones' : 'CHANGED'}`);
  }
  const undo = row('delete the added fields (cleanup), each', 'no values (counted first): DROP COLUMN, its indexes with it');
  for (const id of added.reverse()) {
    const lock = await admin.readForUpdate(`/api/formfields/${id}`);
    undo.runsMs.push((await timed(() => admin.call('DELETE', `/api/formfields/${id}`, undefined, lock)))[0]);
  }
  return { changes: rows_, renames };
}

const inputKeys = ['FormId', 'Name', 'ReportLabelText', 'FieldType', 'IsUdf', 'IsActive', 'StartDate', 'EndDate', 'SortOrder', 'AttributeValues'];
const pickInput = (field: Record<string, unknown>) => Object.fromEntries(inputKeys.map((k) => [k, field[k]]));

export interface MetadataFigures { steady: Latency; firstAfterChangeMs: number[]; secondAfterChangeMs: number[]; firstListAfterChangeMs: number[]; changeMs: number[] }

/**
 * GET /api/metadata/screens/form-<id>: steady at 10 clients (the composed form cached in the server process), and
 * the first call after a change of the form's definition (a label: the server process reads the new revision and
 * composes the form again), with the second call and the first list call after it for comparison.
 */
export async function metadataFigures(formId: number, api: (path: string) => Promise<unknown>, serverPid: number | undefined, admin: Session): Promise<MetadataFigures> {
  const path = `/api/metadata/screens/form-${formId}`;
  await concurrently(clients, 20, () => api(path));
  const steady = await measure(serverPid, () => api(path));
  const fieldsNow = (await admin.call('GET', `/api/forms/${formId}/fields`)).json() as Array<Record<string, unknown>>;
  const field = fieldsNow.find((f) => f.Name === 'Witness Count')!;
  const out: MetadataFigures = { steady: steady.latency, firstAfterChangeMs: [], secondAfterChangeMs: [], firstListAfterChangeMs: [], changeMs: [] };
  const time = async (work: () => Promise<unknown>) => { const started = performance.now(); await work(); return performance.now() - started; };
  for (let rep = 1; rep <= metadataRepetitions; rep++) {
    const label = rep === metadataRepetitions ? 'Witness Count' : `Witnesses ${rep}`;
    const url = `/api/formfields/${field.FormFieldId as number}`;
    const lock = await admin.readForUpdate(url);
    out.changeMs.push(await time(() => admin.call('POST', url, { ...pickInput(field), ReportLabelText: label }, lock)));
    out.firstAfterChangeMs.push(await time(() => api(path)));
    out.secondAfterChangeMs.push(await time(() => api(path)));
    out.firstListAfterChangeMs.push(await time(() => api(`/api/forms/${formId}/records?pageSize=50`)));
  }
  return out;
}

export const summary = (runs: number[]) => { const l = latency(runs); return `p50 ${ms(l.p50).trim()}, max ${ms(l.max).trim()}`; };
