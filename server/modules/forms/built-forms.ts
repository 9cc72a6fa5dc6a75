import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { composeStoredForm, formNaming } from '../../../engine/core/lowcode/compose-form.ts';
import { asStoredFields, newestRevisionId, readFields, readForm, type FormRow } from './definition-store.ts';
import { preparedStatement } from '../../db/statement-template.ts';

/** A form an administrator built, composed into the engine's documents as of one day and one revision. */
export interface BuiltForm {
  form: FormRow;
  screen: ScreenDocument;
  entity: JsonSchema;
  /** The form's newest revision id when composed (see newestRevisionId). */
  revision: number | null;
  day: string;
}

/** The permission category built forms' modules are listed under (migration 090). */
export const builtFormsCategory = 'BuiltForms';

/** Today as the server's calendar day (yyyy-MM-dd): a UDF shows from its StartDate through its EndDate. */
export function serverDay(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The screen id of a built form's records ('form-12'), or null. */
export function builtFormIdOf(screenId: string): number | null {
  const match = /^form-([1-9][0-9]{0,9})$/.exec(screenId);
  return match ? Number(match[1]) : null;
}

interface Head { FormId: number; NewestRevisionId: number | null }

/**
 * Composed forms, cached per database per form, as of (newest revision id, day). Each request reads the form's newest
 * revision id (two index lookups), so a change made through any process is seen by every process on its next request,
 * and a UDF whose date range starts or ends today appears or goes without any change at all.
 */
const caches = new WeakMap<Knex, Map<number, BuiltForm>>();

function cacheOf(db: Knex): Map<number, BuiltForm> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

async function composed(db: Knex, head: Head, day: string): Promise<BuiltForm | null> {
  const cache = cacheOf(db);
  const hit = cache.get(head.FormId);
  if (hit && hit.revision === head.NewestRevisionId && hit.day === day) return hit;
  const form = await readForm(db, head.FormId);
  if (!form) return null;
  const { screen, entity } = composeStoredForm(form, asStoredFields(await readFields(db, head.FormId)), day);
  const built: BuiltForm = { form, screen, entity, revision: head.NewestRevisionId, day };
  cache.set(head.FormId, built);
  return built;
}

/** Read on every request to a built form (a change made through any process is seen on the next). */
const builtFormHead = preparedStatement<'formId', Head>('built-form-head', (db, param) =>
  db('forms').where({ FormId: param('formId'), IsActive: true }).whereNull('Source').limit(1).select('FormId', newestRevisionId(db)));

/** An active form with a table of its own, composed; null when there is none such. */
export async function builtForm(db: Knex, formId: number): Promise<BuiltForm | null> {
  if (!Number.isInteger(formId) || formId < 1 || formId > 2147483647) return null;
  const [head] = await builtFormHead(db, { formId });
  return head ? composed(db, head, serverDay()) : null;
}

/** Every active form with a table of its own, composed (for the route table and the permission tree). */
export async function builtForms(db: Knex): Promise<BuiltForm[]> {
  const heads: Head[] = await db('forms').where({ IsActive: true }).whereNull('Source').orderBy('FormId').select('FormId', newestRevisionId(db));
  const day = serverDay();
  const out: BuiltForm[] = [];
  for (const head of heads) {
    const built = await composed(db, head, day);
    if (built) out.push(built);
  }
  return out;
}

/** A form's composed documents inside a transaction that changed it (not cached: the change may yet roll back). */
export async function composeInTransaction(trx: Knex, formId: number): Promise<{ form: FormRow; screen: ScreenDocument; entity: JsonSchema }> {
  const form = await readForm(trx, formId);
  if (!form) throw new Error(`form ${formId} vanished mid-transaction`);
  return { form, ...composeStoredForm(form, asStoredFields(await readFields(trx, formId)), serverDay()) };
}

/** The module of a built form, as the permission tree lists it. */
export function formModule(form: Pick<FormRow, 'FormId' | 'Name'>): { name: string; label: string; category: string } {
  return { name: formNaming(form).module, label: form.Name.trim(), category: builtFormsCategory };
}
