import type { FastifyInstance } from 'fastify';
import { crudHandlers, type CrudHandlers } from '../../lib/crud/crud-handlers.ts';
import type { BuiltForm } from './built-forms.ts';
import { recordTableName } from './definition-sync.ts';
import { recordCircles } from './record-circles.ts';
import { builtRecordColumns } from './record-values.ts';

/** The column that says who created a built form's record (their own records, without View All Records). */
export const recordOwnerField = 'CreatedById';

/**
 * The generic CRUD over a built form's table as of one revision: what its record routes write with, and what the
 * public pages write a visitor's record with, so a record is checked and stored by the form's own rules either way.
 */
export function formRecordHandlers(app: FastifyInstance, built: BuiltForm): CrudHandlers {
  return crudHandlers(app, {
    screen: built.screen, entity: built.entity, table: recordTableName(built.form.FormId), ownerField: recordOwnerField, circles: recordCircles(app, built),
    hooks: { toColumns: builtRecordColumns(built) },
  });
}
