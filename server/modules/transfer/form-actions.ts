import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import type { TransferAction, TransferForm } from './document.ts';
import type { ApplyContext } from './plan.ts';

/**
 * A built form's row and set actions in a transfer document (issue 30): its four built-in ones as renamed, ordered or
 * made inactive, and its custom URL actions with their parents, each by its ActionName (what a circle's grants name
 * it by). An import changes the actions the document names and adds those it lacks; it takes none away.
 */
const builtIn = new Set(['Edit', 'Delete', 'Copy', 'Print']);

export async function actionsOf(db: Knex, formId: number): Promise<TransferAction[]> {
  const rows: Array<Record<string, any>> = await db('page_actions as pa').leftJoin('page_actions as parent', 'parent.ActionId', 'pa.ParentActionId')
    .where('pa.FormId', formId).orderBy([{ column: 'pa.Scope' }, { column: 'pa.SortOrder' }, { column: 'pa.ActionId' }])
    .select('pa.ActionName', 'pa.ButtonText', 'pa.Url', 'pa.Scope', 'pa.ButtonCss', 'pa.SortOrder', 'pa.IsActive', { ParentName: 'parent.ActionName' });
  return rows.map((a) => ({
    name: a.ActionName, buttonText: a.ButtonText, url: a.Url ?? null, scope: a.Scope, parent: a.ParentName ?? null,
    buttonCss: a.ButtonCss ?? null, sortOrder: a.SortOrder, isActive: a.IsActive,
  }));
}

const fault = (form: TransferForm, message: string) => HttpError.of(400, `The action ${message} of the form ${form.name}.`, null, 'TransferDocument');

/** The document's actions on the form: parents first, so a custom action's parent exists when it is written. */
export async function applyActions({ trx, note }: ApplyContext, formId: number, form: TransferForm): Promise<void> {
  const actions = [...(form.actions ?? [])].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
  const { AccessPageId } = await trx('forms').where({ FormId: formId }).first('AccessPageId');
  for (const action of actions) {
    const existing: Record<string, any> | undefined = await trx('page_actions').where({ FormId: formId }).whereRaw('lower(action_name) = lower(?)', [action.name]).first();
    const standsForRoute = builtIn.has(action.name) && (existing ? existing.Url === null : !action.url);
    if (!standsForRoute && !action.url) throw fault(form, `${action.name} has no url, which every action but Edit, Delete, Copy and Print needs,`);
    let parent: { ActionId: number; RouteKind: string | null } | null = null;
    if (action.parent && !standsForRoute) {
      parent = await trx('page_actions').where({ FormId: formId, ParentActionId: null }).whereRaw('lower(action_name) = lower(?)', [action.parent]).first('ActionId', 'RouteKind') ?? null;
      if (!parent || action.parent.toLowerCase() === action.name.toLowerCase()) throw fault(form, `${action.name} names the parent ${action.parent}, which is no other action without a parent`);
    }
    const common = { ButtonText: action.buttonText, SortOrder: action.sortOrder, IsActive: action.isActive };
    const values = standsForRoute ? common
      : { ...common, Url: action.url, Scope: action.scope, ButtonCss: action.buttonCss, ParentActionId: parent?.ActionId ?? null, RouteKind: parent?.RouteKind ?? null };
    const key = `${form.name} › ${action.name}`;
    if (!existing) {
      if (standsForRoute) throw fault(form, `${action.name} stands for a screen the form has, yet it`);
      await trx('page_actions').insert({ ...values, ActionName: action.name, AccessPageId, FormId: formId, Type: 'button' });
      note('Action', key, 'create');
      continue;
    }
    const changes = Object.entries(values).filter(([column, value]) => (existing[column] ?? null) !== (value ?? null)).map(([column]) => column);
    if (changes.length) await trx('page_actions').where({ ActionId: existing.ActionId }).update(values);
    note('Action', key, changes.length ? 'change' : 'unchanged', changes);
  }
}
