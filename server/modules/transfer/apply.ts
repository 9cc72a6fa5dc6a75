import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { applyForms, linkListsToForms } from './apply-forms.ts';
import { applyLists } from './apply-lists.ts';
import { applyMenuItems, applyRoles } from './apply-menus-roles.ts';
import { applyPages } from './apply-pages.ts';
import { applyCircles } from './circles.ts';
import type { TransferDocument } from './document.ts';
import type { ApplyContext, Conflict, PlanAction, PlanEntry } from './plan.ts';

export type { Conflict, PlanAction, PlanEntry } from './plan.ts';

/**
 * Brings the installation in line with the document, in the caller's transaction, through the functions the
 * screens use (a form's record table and module, saveField's columns, a page's rules and module, the menu's
 * placement checks), and answers per thing what it did. Each thing is found by its key first, so a rename on the
 * source arrives as a rename; only what differs is written: a second run writes nothing. Things the installation
 * has that the document does not name are left as they are. What the target made itself and the document would
 * take over is answered as a conflict: the caller refuses the import unless the administrator chose it.
 */
export async function applyDocument(app: FastifyInstance, trx: Knex.Transaction, doc: TransferDocument, principal: Principal): Promise<{ plan: PlanEntry[]; changedForms: number[]; conflicts: Conflict[] }> {
  const plan: PlanEntry[] = [];
  const conflicts: Conflict[] = [];
  const ctx: ApplyContext = {
    app, trx, principal, by: principal.UserName,
    note: (Kind: string, Key: string, Action: PlanAction, Changes: string[] = []) => plan.push({ Kind, Key, Action, Changes }),
    conflict: (conflict) => conflicts.push(conflict),
  };
  const { listIds, changedLists } = await applyLists(ctx, doc.lookupLists);
  const changedForms = await applyForms(ctx, doc.forms, listIds);
  await linkListsToForms(ctx, doc.lookupLists, listIds, changedLists, changedForms, plan);
  await applyPages(ctx, doc);
  await applyMenuItems(ctx, doc);
  await applyRoles(ctx, doc);
  await applyCircles(ctx, doc);
  return { plan, changedForms, conflicts };
}
