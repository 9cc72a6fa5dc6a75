import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { TransferCircle, TransferDocument } from './document.ts';
import type { ApplyContext } from './plan.ts';

/**
 * Circles' grants on the forms a transfer moves (issue 30): each circle (atomic or aggregate) that is given one of the
 * forms' row actions as a Permission of its own, with those actions by form name and action name. An import finds the
 * circle by key, then by name, makes it when the installation has none, and adds the grants (it never takes one away:
 * circles hold grants on other forms the document does not speak for).
 */
const kinds = { atomic: { table: 'atomic_circles', id: 'AtomicCircleId', actions: 'atomic_circle_actions' }, aggregate: { table: 'aggregate_circles', id: 'AggregateCircleId', actions: 'aggregate_circle_actions' } } as const;

export async function circlesOf(db: Knex, formIds: number[]): Promise<TransferCircle[]> {
  const out = new Map<string, TransferCircle>();
  for (const [kind, k] of Object.entries(kinds) as Array<[TransferCircle['kind'], (typeof kinds)[keyof typeof kinds]]>) {
    const rows: Array<{ Key: string; Name: string; FormName: string; ActionName: TransferCircle['actions'][number]['action'] }> = await db(`${k.actions} as ca`)
      .join(`${k.table} as c`, `c.${k.id}`, `ca.${k.id}`).join('page_actions as pa', 'pa.ActionId', 'ca.ActionId').join('forms as f', 'f.FormId', 'pa.FormId')
      .whereIn('pa.FormId', formIds).orderBy([{ column: 'c.Name' }, { column: 'f.Name' }, { column: 'pa.SortOrder' }])
      .select('c.Key', 'c.Name', { FormName: 'f.Name' }, 'pa.ActionName');
    for (const row of rows) {
      const circle = out.get(`${kind}:${row.Key}`) ?? { kind, key: row.Key, name: row.Name, actions: [] };
      circle.actions.push({ form: row.FormName, action: row.ActionName });
      out.set(`${kind}:${row.Key}`, circle);
    }
  }
  return [...out.values()];
}

/** The circle the document names on this installation: by key, else by name (case ignored). */
async function circleIdOf(trx: Knex, circle: TransferCircle): Promise<number | null> {
  const k = kinds[circle.kind];
  const byKey = circle.key ? await trx(k.table).where({ Key: circle.key }).first(k.id) : undefined;
  const found = byKey ?? await trx(k.table).whereRaw('lower(name) = lower(?)', [circle.name]).first(k.id);
  return found ? Number(found[k.id]) : null;
}

/** The circles' ids the document names now, for the import's snapshot (what it may change, and put back). */
export async function circleScopeOf(trx: Knex, doc: TransferDocument): Promise<{ atomicCircles: number[]; aggregateCircles: number[] }> {
  const scope = { atomicCircles: [] as number[], aggregateCircles: [] as number[] };
  for (const circle of doc.circles ?? []) {
    const id = await circleIdOf(trx, circle);
    if (id !== null) (circle.kind === 'atomic' ? scope.atomicCircles : scope.aggregateCircles).push(id);
  }
  return scope;
}

export async function applyCircles({ trx, by, note }: ApplyContext, doc: TransferDocument): Promise<void> {
  for (const circle of doc.circles ?? []) {
    const k = kinds[circle.kind];
    let id = await circleIdOf(trx, circle);
    const created = id === null;
    if (id === null) [{ [k.id]: id }] = await trx(k.table).insert({ Name: circle.name, ...(circle.key ? { Key: circle.key } : {}), CreatedBy: by }).returning(k.id);
    const added: string[] = [];
    for (const { form, action } of circle.actions) {
      const row = await trx('page_actions as pa').join('forms as f', 'f.FormId', 'pa.FormId').whereRaw('lower(f.name) = lower(?)', [form]).whereNull('f.Source')
        .where('pa.ActionName', action).first('pa.ActionId');
      if (!row) throw HttpError.of(409, `The document grants ${action} of the form ${form} to the circle ${circle.name}, but this installation has no such form.`, null, 'MissingReference');
      const inserted = await trx(k.actions).insert({ [k.id]: id, ActionId: row.ActionId }).onConflict([k.id, 'ActionId']).ignore().returning('ActionId');
      if (inserted.length) added.push(`${action} of ${form}`);
    }
    note(circle.kind === 'atomic' ? 'Circle' : 'Aggregate circle', circle.name, created ? 'create' : added.length ? 'change' : 'unchanged', created ? [] : added.map((a) => `Permissions: + ${a}`));
  }
}
