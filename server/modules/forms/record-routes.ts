import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import type { ListDefinition } from '../../../engine/core/screen-document.ts';
import { HttpError } from '../../lib/http-error.ts';
import { crudHandlers, type CrudHandlers } from '../../lib/crud/crud-handlers.ts';
import { composedRecordBody, noValuesBody } from '../../lib/crud/form-body.ts';
import { lockHeaders, lockQuerySchema, requireWriteLock, sentVersion, staleVersion } from '../../lib/crud/record-lock.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';
import { historySchema, type HistoryEntry } from '../../lib/crud/audit.ts';
import { udfColumnsOf, withUdfColumns } from '../../lib/list/udf-columns.ts';
import { exportCsv, listQuerySchema, runList, sendCsv, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import type { ResolvedAccess } from '../../types.ts';
import { routeNodeName, type GuardedRouteKind } from '../access/permission-nodes.ts';
import { builtForm, type BuiltForm } from './built-forms.ts';
import { recordTableName } from './definition-sync.ts';
import { builtRecordColumns } from './record-values.ts';
import { lookupNameColumns } from '../lookups/lookup-name-columns.ts';
import { pageModuleName, pageRecordsApi, pageScreenId } from '../../../engine/core/lowcode/compose-page.ts';
import { pageScreen } from '../pages/page-screens.ts';
import { withSelectNames } from '../lookups/lookup-names.ts';
import { listCircleAccess, moveRecord, recordCircleOf, recordCircles } from './record-circles.ts';
import { writeAuditEntry } from '../../lib/crud/audit.ts';
import { circleIdField } from '../../../engine/core/grid/actions.ts';

type Params = { formId?: number; pageId?: number; id: number };
type Req = FastifyRequest<{ Params: Params }>;

const paramsOf = (owner: 'formId' | 'pageId') => ({
  type: 'object',
  required: [owner],
  properties: { [owner]: { type: 'integer' }, id: { type: 'integer' } },
} as const);

const ownerField = 'CreatedById';

/**
 * Where a built form's records are reached: through the form itself (/api/forms/:formId/records, the form's module),
 * or through a page that shows it (/api/pages/:pageId/records, the page's module: staff granted the page need
 * nothing else). Both use the same handlers, so the records, their History and their audit are one.
 */
interface RecordSource {
  base: string;
  params: ReturnType<typeof paramsOf>;
  access(kind?: GuardedRouteKind): ResolvedAccess;
  formIdOf(request: Req): Promise<number | null>;
}

const formSource: RecordSource = {
  base: lowCodeApi.formRecords.replace(':id', ':formId'),
  params: paramsOf('formId'),
  access: formAccess,
  formIdOf: async (request) => Number(request.params.formId),
};

function pageSource(app: FastifyInstance): RecordSource {
  return {
    base: pageRecordsApi(0).replace('/0/', '/:pageId/'),
    params: paramsOf('pageId'),
    access: (kind) => ({
      describe: `module Page<pageId> (the page's own)${kind ? ` and its route page-<pageId>.${kind}` : ''}`,
      resolve: (request) => {
        const pageId = Number((request.params as Partial<Params>).pageId);
        return { module: pageModuleName(pageId), ...(kind ? { route: routeNodeName(pageScreenId(pageId), kind) } : {}) };
      },
    }),
    formIdOf: async (request) => (await pageScreen(app.db, Number(request.params.pageId)))?.page.FormId ?? null,
  };
}

/** The form a request's path names: its module (and route node) are what the request needs. */
export function formAccess(kind?: GuardedRouteKind): ResolvedAccess {
  return {
    describe: `module Form<formId> (the form's own)${kind ? ` and its route form-<formId>.${kind}` : ''}`,
    resolve: (request) => {
      const formId = Number((request.params as Partial<Params>).formId);
      return { module: `Form${formId}`, ...(kind ? { route: routeNodeName(`form-${formId}`, kind) } : {}) };
    },
  };
}

interface FormRecords {
  built: BuiltForm;
  handlers: CrudHandlers;
  list: ListDefinition;
  listOptions: ListOptions;
  base(db: Knex): Knex.QueryBuilder;
}

/**
 * The records of the forms administrators build (DESIGN.md "The low-code core"): the same generic list and
 * CRUD as shipped screens, over the form's own table, with the composed screen and entity of the form as of
 * its current revision. Handlers are built once per revision and day, like the composed documents.
 */
export default async function recordRoutes(app: FastifyInstance) {
  const cache = new Map<number, FormRecords>();

  async function recordsOfSource(request: Req, source: RecordSource): Promise<FormRecords> {
    const formId = await source.formIdOf(request);
    const built = formId === null ? null : await builtForm(app.db, formId);
    if (!built) throw HttpError.of(404, source === formSource ? 'This form does not exist or is inactive.' : 'This page does not exist or is inactive.', null, 'NotFound');
    const hit = cache.get(built.form.FormId);
    if (hit?.built === built) return hit;
    const table = recordTableName(built.form.FormId);
    const list = built.screen.list!;
    const udfs = udfColumnsOf(list, built.entity);
    const records: FormRecords = {
      built,
      handlers: crudHandlers(app, {
        screen: built.screen, entity: built.entity, table, ownerField, circles: recordCircles(app, built),
        hooks: { toColumns: builtRecordColumns(built) },
      }),
      list,
      listOptions: {
        idField: 'RecordId',
        statementVersion: `r${built.revision ?? 0}:`,
        activeField: 'IsActive',
        alwaysSelect: built.form.IsCircleable ? ['IsActive', circleIdField] : ['IsActive'],
        searchEachColumn: true,
        nullableFields: list.columns.filter((c) => c.sortable).map((c) => c.field),
        ...lookupNameColumns(app.db, list, built.entity, 'records'),
      },
      // Read as 'records' whether or not UDFs wrap the table (withUdfColumns names its derived table so too).
      base: (db) => withUdfColumns(db, db({ records: table }), udfs),
    };
    cache.set(built.form.FormId, records);
    return records;
  }

  const rows = (db: Knex, records: FormRecords, request: Req) =>
    withRowRule(records.base(db), ownerField, request.principal, records.built.form.IsCircleable ? circleIdField : undefined);
  const listed = (records: FormRecords, request: Req) => listForUser(records.list, deniedFieldsOf(request.principal));
  const tags = ['form records'];
  mount(formSource);
  mount(pageSource(app));

  function mount(source: RecordSource) {
  const { base, params } = source;
  const formAccess = source.access;
  const recordsOf = (request: Req) => recordsOfSource(request, source);
  // Who may take a record's lock: one who may update or delete it by this route.
  const changeRights = (request: Req) => [formAccess('update').resolve(request), formAccess('delete').resolve(request)];
  // The list says which of its rows others hold locked; a form's records are locked in the domain 'form-<id>' (its
  // screen id), also when a page shows them.
  app.lockedLists.set(`GET ${base}`, async (request) => ({ domain: `form-${await source.formIdOf(request as Req)}`, idField: 'RecordId' }));

  app.get<{ Params: Params; Querystring: ListQuery }>(base, {
    config: { access: formAccess() },
    schema: { tags, summary: "A built form's records, paged, sorted and searched over the columns its list declares.", params, querystring: listQuerySchema },
  }, async (request) => {
    const records = await recordsOf(request);
    return runList(app.db, rows(app.db, records, request), listed(records, request), records.listOptions, request.query, {
      locks: await listLocks(app, request), circleAccess: listCircleAccess(app.db, request, records.built),
    });
  });

  app.get<{ Params: Params; Querystring: ListQuery }>(`${base}/export.csv`, {
    config: { access: formAccess() },
    schema: { tags, summary: "A built form's records as CSV, as the list shows them.", params, querystring: listQuerySchema },
  }, async (request, reply) => {
    const records = await recordsOf(request);
    return sendCsv(reply, records.built.screen.id, exportCsv(app.db, rows(app.db, records, request), listed(records, request), records.listOptions, request.query));
  });

  app.get<{ Params: Params }>(`${base}/:id`, {
    config: { access: formAccess() },
    schema: { tags, summary: 'Read one record of a built form; with lock=true, for update: takes its lock.', params, querystring: lockQuerySchema },
  }, async (request, reply) => (await recordsOf(request)).handlers.read(request, reply, changeRights(request)));

  app.get<{ Params: Params }>(`${base}/:id/history`, {
    config: { access: formAccess() },
    schema: { tags, summary: 'The history of one record of a built form, newest first.', params, response: { 200: historySchema } },
  }, async (request) => {
    const records = await recordsOf(request);
    return withSelectNames(app.db, records.built.entity, await records.handlers.history(request) as HistoryEntry[]);
  });

  app.post<{ Params: Params }>(base, {
    config: { access: formAccess('create') },
    schema: { tags, summary: 'Create a record of a built form, checked with its composed schema.', params, body: composedRecordBody },
  }, async (request, reply: FastifyReply) => {
    const { handlers } = await recordsOf(request);
    if (!handlers.create) throw HttpError.of(409, 'This form has no fields yet: add a field before creating records.', null, 'NoFields');
    return handlers.create(request, reply);
  });

  app.post<{ Params: Params }>(`${base}/:id`, {
    config: { access: formAccess('update') },
    schema: { tags, summary: 'Update a record of a built form: values of UDFs no longer shown are kept.', params, body: composedRecordBody },
  }, async (request, reply) => (await recordsOf(request)).handlers.update(request, reply));

  app.post<{ Params: Params }>(`${base}/:id/deactivate`, {
    config: { access: formAccess('delete') },
    schema: { tags, summary: 'Deactivate a record of a built form.', params, body: noValuesBody },
  }, async (request, reply) => (await recordsOf(request)).handlers.deactivate(request, reply));

  /** A record with its circle and version, as the row rule lets the user reach it, else 404. */
  async function circledRecord(request: Req): Promise<{ records: FormRecords; row: Record<string, unknown> }> {
    const records = await recordsOf(request);
    const table = recordTableName(records.built.form.FormId);
    const circleable = records.built.form.IsCircleable;
    const row = await withRowRule(app.db(table).where({ RecordId: request.params.id }), ownerField, request.principal, circleable ? circleIdField : undefined).first('RecordId', circleIdField, 'RowVersion');
    if (!row) throw HttpError.of(404, `This ${records.handlers.label.toLowerCase()} no longer exists.`, null, 'NotFound');
    return { records, row };
  }

  app.get<{ Params: Params }>(`${base}/:id/circle`, {
    config: { access: formAccess() },
    schema: { tags, summary: "A circleable form's record: the atomic circle owning it, and those the user may move it to.", params },
  }, async (request) => {
    const { records, row } = await circledRecord(request);
    return recordCircleOf(app.db, request, row, Boolean(records.built.form.IsCircleable));
  });

  app.post<{ Params: Params; Body: { AtomicCircleId: number } }>(`${base}/:id/circle`, {
    config: { access: formAccess('update') },
    schema: {
      tags, summary: "Moves a circleable form's record to another atomic circle (with its lock and version, audited).", params,
      body: { type: 'object', required: ['AtomicCircleId'], additionalProperties: false, properties: { AtomicCircleId: { type: 'integer' } } },
    },
  }, async (request, reply) => {
    const { records, row } = await circledRecord(request);
    if (!records.built.form.IsCircleable) throw HttpError.of(409, "This form's records do not belong to circles.", null, 'NotCircleable');
    const { screen } = records.built;
    const version = sentVersion(request, records.handlers.label);
    const table = recordTableName(records.built.form.FormId);
    const { from, to } = await moveRecord(app.db, request, records.built, row, request.body.AtomicCircleId);
    return app.db.transaction(async (trx) => {
      await requireWriteLock(trx, request, screen.id, request.params.id);
      const [moved] = await trx(table).where({ RecordId: request.params.id, RowVersion: version })
        .update({ [circleIdField]: request.body.AtomicCircleId, ModifiedBy: request.principal!.UserName, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('?? + 1', ['RowVersion']) })
        .returning(['RecordId', circleIdField, 'RowVersion']);
      if (!moved) throw await staleVersion(trx, table, 'RecordId', request.params.id, records.handlers.label);
      if (from !== to) await writeAuditEntry(trx, { entity: screen.id, recordId: request.params.id, action: 'update', principal: request.principal, changes: [{ Field: 'Circle', Old: from, New: to }] });
      reply.header(lockHeaders.version, String(moved.RowVersion));
      return { RecordId: moved.RecordId, AtomicCircleId: moved[circleIdField], Circle: to };
    });
  });

  app.delete<{ Params: Params }>(`${base}/:id`, {
    config: { access: formAccess('delete') },
    schema: { tags, summary: 'Delete a record of a built form.', params, response: { 204: { type: 'null' } } },
  }, async (request, reply) => (await recordsOf(request)).handlers.remove(request, reply));
}
}
