import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { applyDocument, type Conflict, type PlanEntry } from './apply.ts';
import type { TransferDocument } from './document.ts';
import { capture, scopeOf, unionOf } from './snapshot.ts';

const worthKeeping = (plan: PlanEntry[]) => plan.some((p) => p.Action !== 'unchanged');

/** An import may take over what the target made itself only where the administrator chose it: else a 409 listing each. */
function refuseUnchosen(conflicts: Conflict[], takeOver: string[] = []): void {
  const chosen = new Set(takeOver.map((k) => k.toLowerCase()));
  const unchosen = conflicts.filter((c) => !chosen.has(c.Key.toLowerCase()));
  if (unchosen.length) throw new HttpError(409, unchosen.map((c) => ({ PropertyName: 'TakeOver', ErrorMessage: `${c.Message} Choose to take it over, or leave it out of the document.`, ErrorCode: 'TakeOverNeeded' })));
}

/**
 * Imports a document in the caller's transaction, one import at a time: applies it, and keeps an import that changed
 * something with the rows before and after (its rollback restores them). Answers the import's id (null when nothing
 * changed), what it did, and the forms whose record tables changed (their indexes are built after the commit).
 */
export async function importDocument(
  app: FastifyInstance, trx: Knex.Transaction, doc: TransferDocument, principal: Principal, fileName: string | null, takeOver?: string[],
): Promise<{ ImportId: number | null; Plan: PlanEntry[]; changedForms: number[] }> {
  await trx.raw('select pg_advisory_xact_lock(7095)');
  const scopeBefore = await scopeOf(trx, doc);
  const before = await capture(trx, scopeBefore);
  const { plan, changedForms, conflicts } = await applyDocument(app, trx, doc, principal);
  refuseUnchosen(conflicts, takeOver);
  if (!worthKeeping(plan)) return { ImportId: null, Plan: plan, changedForms };
  const scope = unionOf(scopeBefore, await scopeOf(trx, doc));
  const [{ ImportId }] = await trx('transfer_imports').insert({
    ImportedBy: principal.UserName, ImportedById: principal.UserId, FileName: fileName,
    Summary: JSON.stringify(plan), Document: JSON.stringify(doc), Scope: JSON.stringify(scope), Before: JSON.stringify(before), After: JSON.stringify(await capture(trx, scope)),
  }).returning('ImportId');
  return { ImportId: ImportId as number, Plan: plan, changedForms };
}
