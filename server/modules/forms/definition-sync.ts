import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';
import { syncModuleNodes } from '../access/permission-nodes.ts';
import { recordRevision } from './definition-store.ts';
import { composeInTransaction, formModule } from './built-forms.ts';
import { extendedScreen } from './reserved-forms.ts';
import { syncPagesOfForm } from '../pages/page-screens.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';

/** A built form's record table. */
export const recordTableName = (formId: number) => `form_records_${formId}`;

/**
 * What every change to a form's definition does last, in its transaction: the form's module and its route and
 * field nodes follow the composed screen (for a reserved form's UDFs, the shipped screen's module), and the change
 * is kept as a revision (which also makes every process's cached screen stale). The list's indexes are built
 * after the commit (record-indexes.ts).
 */
export async function afterDefinitionChange(app: FastifyInstance, trx: Knex, formId: number, principal: Principal | undefined, summary: string): Promise<void> {
  const { form, screen, entity } = await composeInTransaction(trx, formId);
  const shipped = form.Source ? app.registry.screens.get(form.Source) : undefined;
  if (shipped?.module) {
    // A reserved form's UDFs are fields of the shipped screen: its module gets (or retires) their field nodes.
    const extended = await extendedScreen(trx, shipped, app.registry.entities.get(shipped.entity) as JsonSchema);
    const module = await trx('modules').where({ Name: shipped.module }).first('Label');
    await syncModuleNodes(trx, { name: shipped.module, label: module?.Label ?? shipped.module, category: '' }, [extended.screen], new Map([[shipped.entity, extended.entity as never]]));
  }
  if (!form.Source) {
    await syncModuleNodes(trx, formModule(form), [screen], new Map([[screen.entity, entity as never]]));
    await syncPagesOfForm(trx, formId);
  }
  await recordRevision(trx, formId, principal, summary);
}
