import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import formField from '../../../metadata/entities/FormField.json' with { type: 'json' };
import { schemaDefinitionOf } from '../../../engine/core/lowcode/compose-form.ts';
import { lowCodeApi, type FieldTypeOption, type FormFieldInput } from '../../../engine/core/lowcode/api.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toSnakeCase } from '../../../engine/core/naming.ts';
import { asStoredFields, formOwnerField, formToChange, readField, readForm } from './definition-store.ts';
import { ownRecordsOnly, parentReachable, type ParentRowRule } from '../../lib/crud/record-access.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { afterDefinitionChange, recordTableName } from './definition-sync.ts';
import { buildRecordIndexesLater } from './record-indexes.ts';
import { deleteField, fieldChangeSummary, previewTypeChange, saveField } from './field-changes.ts';
import { beginTypeChange, rewritesOnline, typeChangeRunner, withTypeChange } from './type-change-jobs.ts';
import { attributesToSave, fieldTypeOptions, setAttributes, typeAttributesOf } from './field-attributes.ts';
import { fieldRecordSchema, formIdParams, typeChangePreviewSchema } from './schemas.ts';
import { lockQuerySchema } from '../../lib/crud/record-lock.ts';
import { claimVersion, readVersioned, type VersionedRecord } from '../../lib/crud/versioned-record.ts';

/** A field's row rule is its form's. */
const formParent: ParentRowRule = { key: 'FormId', table: 'forms', idField: 'FormId', ownerField: formOwnerField };

const writable = ['FormId', 'Name', 'ReportLabelText', 'FieldType', 'IsUdf', 'IsActive', 'StartDate', 'EndDate', 'SortOrder', 'AttributeValues'];
const inputSchema = {
  type: 'object',
  required: ['FormId', 'Name', 'FieldType'],
  properties: Object.fromEntries(writable.map((k) => [k, (formField.properties as Record<string, object>)[k]])),
} as const;


/**
 * Form fields (spec 2 "Form fields", module FormField): create, read, update and delete of a form's field or
 * UDF, each with its record table's change and a revision in one transaction; the field types and their
 * attributes; a field's schema definition; the dry run of a type change.
 */
export default async function fieldRoutes(app: FastifyInstance) {
  const access = { module: 'FormField' };
  const route = (kind: 'create' | 'update' | 'delete') => ({ ...access, route: `formfields.${kind}` });
  const tags = ['formfields'];
  // A field is read for update and written under its lock and version, as a screen's records are.
  const locked: VersionedRecord = { domain: 'formfields', table: 'form_fields', idField: 'FormFieldId', label: 'Form Field', rights: [route('update'), route('delete')] };

  /** The field, or 404: one of a form the user may not reach answers as one that does not exist. */
  async function fieldOf(db: Knex, id: number, request: FastifyRequest) {
    if (!(id > 0)) throw HttpError.of(400, defaultMessages.noId, 'id', 'NoId');
    const field = await readField(db, id);
    const formHidden = field && ownRecordsOnly(request.principal) && !(await parentReachable(db, formParent, field.FormId, request.principal));
    if (!field || formHidden) throw HttpError.of(404, 'This form field no longer exists.', null, 'NotFound');
    return field;
  }

  const inputOf = (body: Record<string, unknown>): FormFieldInput => ({
    FormId: body.FormId as number,
    Name: String(body.Name ?? ''),
    ReportLabelText: (body.ReportLabelText as string | null) ?? null,
    FieldType: String(body.FieldType ?? ''),
    IsUdf: body.IsUdf === true,
    IsActive: body.IsActive !== false,
    StartDate: (body.StartDate as string | null) ?? null,
    EndDate: (body.EndDate as string | null) ?? null,
    AttributeValues: setAttributes(body.AttributeValues as Record<string, unknown> | null | undefined),
    ...(typeof body.SortOrder === 'number' ? { SortOrder: body.SortOrder } : {}),
  });

  /** The list indexes of a form with a table of its own, or of the UDFs of a reserved form's table, built once the change has committed. */
  function indexesLater(request: FastifyRequest, formId: number): void {
    void buildRecordIndexesLater(app.db, formId, async () => {
      const form = await readForm(app.db, formId);
      if (form && !form.Source) return { table: recordTableName(formId) };
      return form?.Source && form.TableName ? { table: form.TableName, idColumn: toSnakeCase(app.registry.screen(form.Source).idField) } : null;
    }, request.log);
  }

  const typeChanges = typeChangeRunner(app);
  const verb = (input: FormFieldInput) => (input.IsUdf ? 'user-defined field' : 'field');

  app.get(lowCodeApi.fieldTypes, {
    config: { access },
    schema: {
      tags,
      summary: 'The field types, optionally only those a UDF may have.',
      querystring: { type: 'object', additionalProperties: false, properties: { isUdf: { type: 'boolean' } } },
      response: { 200: { type: 'array', items: { type: 'object', properties: { Id: { type: 'string' }, Name: { type: 'string' }, UdfAllowed: { type: 'boolean' } } } } },
    },
  }, async (request: FastifyRequest<{ Querystring: { isUdf?: boolean } }>): Promise<FieldTypeOption[]> => fieldTypeOptions(request.query.isUdf === true));

  app.get<{ Params: { type: string } }>(lowCodeApi.fieldTypeAttributes, {
    config: { access },
    schema: { tags, summary: "A field type's attributes: what an administrator sets on a field of that type.", params: { type: 'object', properties: { type: { type: 'string', maxLength: 50 } } } },
  }, async (request) => typeAttributesOf(request.params.type));

  app.get<{ Params: { id: number } }>(lowCodeApi.schemaDefinition, {
    config: { access },
    schema: {
      tags, summary: "The field's schema definition: its Type, its upper bound (a text's maximum length) and whether it is on.", params: formIdParams,
      response: { 200: { type: 'object', properties: { Type: { type: 'string' }, LessThanOrEqualTo: { type: ['number', 'null'] }, Enabled: { type: 'boolean' } } } },
    },
  }, async (request) => schemaDefinitionOf(asStoredFields([await fieldOf(app.db, request.params.id, request)])[0]));

  app.get<{ Params: { id: number } }>(`${lowCodeApi.formField}/:id`, {
    config: { access },
    schema: { tags, summary: 'Read one form field or UDF; with lock=true, for update: takes its lock (see the recordlock* response headers).', params: formIdParams, querystring: lockQuerySchema, response: { 200: fieldRecordSchema } },
  }, async (request, reply) => {
    await fieldOf(app.db, request.params.id, request);
    return readVersioned(app, request, reply, locked, request.params.id, async () => withTypeChange(app.db, await fieldOf(app.db, request.params.id, request)));
  });

  app.post<{ Body: Record<string, unknown> }>(lowCodeApi.formField, {
    config: { access: route('create') },
    schema: { tags, summary: "Add a field or UDF to a form: an ordinary field adds a nullable column to the form's records (no rewrite).", body: inputSchema, response: { 201: fieldRecordSchema } },
  }, async (request, reply) => {
    const input = inputOf(request.body);
    const saved = await app.db.transaction(async (trx) => {
      const form = await formToChange(trx, input.FormId, { lock: true, property: 'FormId', principal: request.principal });
      const id = await saveField(trx, form, input, request.principal!.UserName);
      await afterDefinitionChange(app, trx, form.FormId, request.principal, `Added the ${verb(input)} ${input.Name.trim()}`);
      return readField(trx, id);
    });
    indexesLater(request, saved!.FormId);
    return reply.status(201).send(saved);
  });

  app.post<{ Params: { id: number }; Body: Record<string, unknown> }>(`${lowCodeApi.formField}/:id`, {
    config: { access: route('update') },
    schema: {
      tags,
      summary: 'Update a form field or UDF: a rename keeps its values; a type change applies only when every stored value converts; attributes left out keep their stored values, null clears one.',
      description: "AttributeValues changes only the attributes it names: a value replaces the stored one, null clears it (its default applies), and an attribute left out, or every one when AttributeValues is left out, keeps its stored value. A type change keeps only the stored attributes the new type has. A type change that rewrites the values of at least ONLINE_TYPE_CHANGE_ROWS records answers 202 once the dry run passed: the values are converted in the background while the form stays in use, TypeChange gives the progress (read the field again), and the whole save applies when the conversion finishes; meanwhile other changes to the form's fields answer 409 TypeChangeUnderWay.",
      params: formIdParams, body: inputSchema, response: { 200: fieldRecordSchema, 202: fieldRecordSchema },
    },
  }, async (request, reply) => {
    const saved = await app.db.transaction(async (trx) => {
      const existing = await fieldOf(trx, request.params.id, request);
      const input = { ...inputOf(request.body), FormId: existing.FormId };
      input.AttributeValues = attributesToSave(existing.AttributeValues, request.body.AttributeValues, input.FieldType);
      // The form's row first, as every change to its definition locks it: no two writes wait on each other's rows.
      const form = await formToChange(trx, existing.FormId, { lock: true, property: 'FormId' });
      await claimVersion(trx, request, reply, locked, existing.FormFieldId);
      if (await rewritesOnline(trx, form, existing, input, app.config.onlineTypeChangeRows)) {
        return { job: await beginTypeChange(trx, form, existing, input, request.principal!), id: existing.FormFieldId };
      }
      await saveField(trx, form, input, request.principal!.UserName, existing);
      await afterDefinitionChange(app, trx, form.FormId, request.principal, fieldChangeSummary(existing, input));
      return { job: null, id: existing.FormFieldId };
    });
    const field = await withTypeChange(app.db, await readField(app.db, saved.id));
    if (saved.job !== null) {
      // Rewriting every value goes on after the answer; the field keeps its type until the change swaps in.
      typeChanges.run(saved.job);
      return reply.status(202).send(field);
    }
    indexesLater(request, field!.FormId);
    return field;
  });

  app.post<{ Params: { id: number }; Body: Record<string, unknown> }>(lowCodeApi.typeChangePreview, {
    config: { access },
    schema: {
      tags, summary: "What saving the field with another type would do: how many stored values convert, and the first 100 that would not. Changes nothing.",
      params: formIdParams, body: { type: 'object', required: ['FieldType'], properties: { FieldType: { type: 'string', maxLength: 50 } } }, response: { 200: typeChangePreviewSchema },
    },
  }, async (request) => {
    const trx = await app.db.transaction();
    try {
      const existing = await fieldOf(trx, request.params.id, request);
      return await previewTypeChange(trx, await formToChange(trx, existing.FormId, { property: 'FormId' }), existing, String(request.body.FieldType));
    } finally {
      await trx.rollback();
    }
  });

  app.delete<{ Params: { id: number } }>(`${lowCodeApi.formField}/:id`, {
    config: { access: route('delete') },
    schema: { tags, summary: 'Delete a field or UDF that no record holds a value for; one with values is refused (409 FieldHasValues): deactivate it instead, which hides it and keeps the values.', params: formIdParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    await app.db.transaction(async (trx) => {
      const existing = await fieldOf(trx, request.params.id, request);
      const form = await formToChange(trx, existing.FormId, { lock: true, property: 'FormId' });
      await claimVersion(trx, request, reply, locked, existing.FormFieldId);
      await deleteField(trx, form, existing);
      await afterDefinitionChange(app, trx, form.FormId, request.principal, `Deleted the ${existing.IsUdf ? 'user-defined field' : 'field'} ${existing.Name}`);
    });
    return reply.status(204).send();
  });
}
