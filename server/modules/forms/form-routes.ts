import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import formEntity from '../../../metadata/entities/Form.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { slugOf, UDF_KEYWORD } from '../../../engine/core/lowcode/compose-form.ts';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';
import { circleAccessFor } from '../page-actions/store.ts';
import { createRecordTable } from './tables/index.ts';
import { formToChange, readFields, readRevisions } from './definition-store.ts';
import { withTypeChange } from './type-change-jobs.ts';
import { afterDefinitionChange, recordTableName } from './definition-sync.ts';
import { shippedRouteSegments } from './screens.ts';
import { extendedScreen } from './reserved-forms.ts';
import { moduleAccessOf } from '../access/effective-access.ts';
import { messages } from '../../plugins/access.ts';
import { fieldRecordSchema, formIdParams, revisionSchema } from './schemas.ts';

type Row = Record<string, unknown>;

export const duplicateFormName = 'A record with the name {value} already exists.';
export const reservedFormMessage = 'This form is a built-in part of the product: it cannot be renamed or deleted, and whether it allows user-defined fields is fixed.';

const titles: Record<string, string> = { Name: 'Name', Description: 'Description', CanHaveEav: 'Can Have UDFs', IsCircleable: 'Is Circleable', IsActive: 'Is Active' };

/** The summary of a form's own change, for its revision: which of its properties changed. */
function formChangeSummary(before: Row, after: Row): string {
  const changed = Object.keys(titles).filter((k) => k in after && (before[k] ?? null) !== (after[k] ?? null)).map((k) => titles[k]);
  return changed.length ? `Changed the form's ${changed.join(', ')}` : 'Saved the form unchanged';
}

/** A form's name gives its records' routes: it may not take a route another screen or form has. */
export async function checkRouteName(app: FastifyInstance, trx: Knex, name: unknown, formId?: number): Promise<void> {
  const slug = slugOf(String(name ?? ''));
  if (!slug) return;
  const fault = (message: string) => new HttpError(409, [{ PropertyName: 'Name', ErrorMessage: message, ErrorCode: 'RouteTaken' }]);
  if (shippedRouteSegments(app).has(slug)) throw fault(`The name ${String(name)} would give the form's records the route /${slug}, which the product uses. Choose another name.`);
  const others: Array<{ FormId: number; Name: string }> = await trx('forms').whereNull('Source').select('FormId', 'Name');
  const clash = others.find((f) => f.FormId !== formId && slugOf(f.Name) === slug);
  if (clash) throw fault(`The name ${String(name)} would give the form's records the route /${slug}, which the form ${clash.Name} has. Choose another name.`);
}

/**
 * Form Management (spec 2 "Forms"): the list, the record calls (a new form gets its record table, its
 * module and its first revision in the transaction that stores it), the field and UDF lists and their
 * reorder calls, the revisions, the source lookup and the UDF descriptors a page adds to its form.
 */
export default async function formRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('forms');
  const list = screen.list!;
  const access = { module: 'FormManagement' };

  app.get<{ Querystring: ListQuery }>(lowCodeApi.forms, {
    config: { access: { ...access, pageId: list.pageId } },
    schema: { tags: ['forms'], summary: 'Forms, paged, sorted and searched (active and inactive on request).', querystring: listQuerySchema, response: { 200: listResponseSchema(rowSchemaOf(formEntity)) } },
  }, async (request) => runList(app.db, withRowRule(app.db('forms'), 'CreatedById', request.principal), listForUser(list, deniedFieldsOf(request.principal)), { idField: 'FormId' }, request.query, {
    locks: await listLocks(app, request),
    circleAccess: () => circleAccessFor(app.db, request.principal!, list.pageId),
  }));

  app.get(lowCodeApi.formSources, {
    config: { access },
    schema: { tags: ['forms'], summary: "The choices of a form's Source: its own record table, or a built-in screen (reserved forms).", response: { 200: { type: 'array', items: { type: 'object', properties: { Id: { type: 'string' }, Name: { type: 'string' } } } } } },
  }, async () => [{ Id: '', Name: 'Its own record table' }, ...[...app.registry.screens.values()].filter((s) => s.form && s.routes.list).map((s) => ({ Id: s.id, Name: s.title }))]);

  for (const [path, udf] of [[lowCodeApi.formFields, false], [lowCodeApi.formUdfs, true]] as const) {
    app.get<{ Params: { id: number } }>(path, {
      config: { access },
      schema: { tags: ['forms'], summary: udf ? "The form's user-defined fields, in order (inactive and ended ones too)." : "The form's ordinary fields, in order (inactive ones too).", params: formIdParams, response: { 200: { type: 'array', items: fieldRecordSchema } } },
    }, async (request) => {
      await formToChange(app.db, request.params.id, { principal: request.principal });
      return Promise.all((await readFields(app.db, request.params.id, udf)).map((field) => withTypeChange(app.db, field)));
    });
  }

  for (const [path, udf] of [[lowCodeApi.reorderFields, false], [lowCodeApi.reorderUdfs, true]] as const) {
    app.post<{ Params: { id: number }; Body: { FormFieldIds: number[] } }>(path, {
      config: { access: { ...access, route: 'forms.update' } },
      schema: {
        tags: ['forms'],
        summary: udf ? "Puts the form's UDFs in this order (every UDF of the form, once)." : "Puts the form's ordinary fields in this order (every one of them, once).",
        params: formIdParams,
        body: { type: 'object', additionalProperties: false, required: ['FormFieldIds'], properties: { FormFieldIds: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 } } } },
        response: { 200: { type: 'array', items: fieldRecordSchema } },
      },
    }, async (request) => app.db.transaction(async (trx) => {
      const formId = request.params.id;
      await formToChange(trx, formId, { lock: true, principal: request.principal });
      const current = (await readFields(trx, formId, udf)).map((f) => f.FormFieldId);
      const wanted = request.body.FormFieldIds;
      const same = wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));
      if (!same) throw HttpError.of(400, `The new order must name every ${udf ? 'user-defined field' : 'field'} of the form once (${current.length}); the list may have changed: reload it.`, 'FormFieldIds', 'ReorderMismatch');
      for (const [i, id] of wanted.entries()) await trx('form_fields').where({ FormFieldId: id }).update({ SortOrder: i + 1 });
      await afterDefinitionChange(app, trx, formId, request.principal, udf ? 'Reordered the user-defined fields' : 'Reordered the fields');
      return readFields(trx, formId, udf);
    }));
  }

  app.get<{ Params: { id: number } }>(lowCodeApi.formRevisions, {
    config: { access },
    schema: { tags: ['forms'], summary: "Every change to the form's definition (the form, its fields and UDFs), newest first.", params: formIdParams, response: { 200: { type: 'array', items: revisionSchema } } },
  }, async (request) => {
    await formToChange(app.db, request.params.id, { principal: request.principal });
    return readRevisions(app.db, request.params.id);
  });

  app.get<{ Params: { pageId: number } }>(lowCodeApi.readEav, {
    config: { access: 'session' },
    schema: {
      tags: ['forms'],
      summary: "The user-defined fields a page adds to its form today (spec 2 'read EAV'): for each, the widget that draws it (DirectiveName) and its Properties (Name, Label, Schema, UiSchema).",
      description: 'The page is the access page id of a shipped screen whose reserved form allows UDFs (the user list is page 1). A page without one answers an empty list; one whose module the caller does not hold answers 403.',
      params: { type: 'object', required: ['pageId'], properties: { pageId: { type: 'integer', minimum: 1 } } },
      response: { 200: { type: 'array', items: { type: 'object', properties: { DirectiveName: { type: 'string' }, Properties: { type: 'object', additionalProperties: true } } } } },
    },
  }, async (request) => {
    const shipped = [...app.registry.screens.values()].find((s) => s.list?.pageId === request.params.pageId);
    if (!shipped) return [];
    if (shipped.module && !request.principal!.IsMaster && !(await moduleAccessOf(app.db, request.principal!.UserId, shipped.module)).holdsModule) {
      throw HttpError.of(403, messages.noAccess);
    }
    const { entity, screen: extended } = await extendedScreen(app.db, shipped, app.registry.entities.get(shipped.entity) as JsonSchema);
    return Object.entries(entity.properties ?? {})
      .filter(([, property]) => (property as Row)[UDF_KEYWORD])
      .map(([name, property]) => {
        const ui = (extended.form?.uiSchema?.[name] ?? {}) as Row;
        return { DirectiveName: String(ui['ui:field'] ?? ui['ui:widget'] ?? (property as Row)['x-fieldType']), Properties: { Name: name, Label: (property as Row).title, Schema: property, UiSchema: ui } };
      });
  });

  registerCrud(app, {
    screen,
    entity: formEntity as JsonSchema,
    table: 'forms',
    ownerField: 'CreatedById',
    unique: [{ field: 'Name', message: duplicateFormName, caseInsensitive: true }],
    hooks: {
      refuseChange: (row, action) => (row.IsReserved && action !== 'update' ? reservedFormMessage : null),
      toColumns: (values, _mode, existing) => {
        if (existing?.IsReserved) {
          // A built-in entity's form keeps its name, and allows UDFs only where its table holds them.
          const changed = ['Name', 'CanHaveEav'].find((k) => k in values && values[k] !== existing[k]);
          if (changed) throw HttpError.of(403, reservedFormMessage, changed, 'ReadOnlyRecord');
        }
        return values;
      },
      afterWrite: async (trx, saved, _values, mode, request, existing) => {
        const formId = saved.FormId as number;
        if (!saved.Source) await checkRouteName(app, trx, saved.Name, formId);
        if (mode === 'create') {
          const table = recordTableName(formId);
          await trx('forms').where({ FormId: formId }).update({ TableName: table });
          await createRecordTable(trx as Knex.Transaction, table, []);
        }
        await afterDefinitionChange(app, trx, formId, request.principal, mode === 'create' ? 'Created the form' : formChangeSummary(existing ?? {}, saved));
      },
      // A save's answer shows the revision its own change made (afterWrite raised it after the row was written).
      load: async (db, row) => ({ Revision: (await db('forms').where({ FormId: row.FormId }).first('Revision'))?.Revision ?? row.Revision }),
      refuseDelete: async (trx, row) => {
        const [{ Count }] = (await trx(recordTableName(row.FormId as number)).count({ Count: '*' })) as Array<{ Count: number }>;
        if (Number(Count) > 0) return `The form ${String(row.Name)} has ${Count} record${Number(Count) === 1 ? '' : 's'}: deactivate it instead, or delete its records first.`;
        const pages: Array<{ Name: string }> = await trx('pages').where({ FormId: row.FormId }).orderBy('Name').select('Name');
        return pages.length ? `The form ${String(row.Name)} is shown by the page${pages.length === 1 ? '' : 's'} ${pages.map((p) => p.Name).join(', ')}: delete ${pages.length === 1 ? 'that page' : 'those pages'} first, or deactivate the form.` : null;
      },
      afterDelete: async (trx, row) => {
        await trx.schema.dropTableIfExists(recordTableName(row.FormId as number));
        await trx('modules').where({ Name: `Form${String(row.FormId)}` }).delete();
      },
    },
  });
}

