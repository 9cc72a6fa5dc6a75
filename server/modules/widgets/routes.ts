import type { FastifyInstance } from 'fastify';
import type { Widget } from '../../../metadata/types/Widget.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockQuerySchema, requireWriteLock } from '../../lib/crud/record-lock.ts';
import { readLocked } from '../../lib/crud/versioned-record.ts';
import { builtForms } from '../forms/built-forms.ts';
import { reportableFields } from '../reports/form-fields.ts';
import { widgetKinds } from './kinds/index.ts';
import { arrangeBody, formQuery, roleQuery, widgetBody, widgetIdParams } from './schemas.ts';
import { arrangeRole, managedWidget, managedWidgets, roleWidgets, saveWidget } from './store.ts';
import { arrangementLock, requireRole, requireWidgetLock, widgetLock, widgetManagerAccess as access } from './widget-locks.ts';
import homeRoutes from './home-routes.ts';

const tags = ['widgets'];

/**
 * The widget manager of issue 32 (/HomeConfigurationManager, module WidgetManager): widgets defined as data (kind,
 * source, options), placed on the homes of roles in an order and a size, arranged per role. Changing or deleting a
 * widget, and arranging a role's home, take the record lock like every other editor (widget-locks.ts): read with
 * ?lock=true, written with the lock. The home's own calls (every signed-in user's) are home-routes.ts.
 */
export default async function widgetRoutes(app: FastifyInstance) {
  await app.register(homeRoutes);

  /** The kind's check of what it shows (a form and its fields, a report, links), 400 with every fault. */
  async function checked(body: Widget): Promise<Widget> {
    const errors = (await widgetKinds[body.Kind].check?.(app.db, { Source: body.Source ?? null, Options: body.Options })) ?? [];
    if (!body.Title.trim()) errors.unshift({ PropertyName: 'Title', ErrorMessage: 'Title is required.', ErrorCode: 'Widget' });
    const roles = body.Placements.map((p) => p.RoleId);
    if (new Set(roles).size !== roles.length) errors.push({ PropertyName: 'Placements', ErrorMessage: 'A role is named twice.', ErrorCode: 'Widget' });
    const known = await app.db('roles').whereIn('RoleId', roles).select('RoleId');
    if (known.length !== new Set(roles).size) errors.push({ PropertyName: 'Placements', ErrorMessage: 'A role named does not exist.', ErrorCode: 'Widget' });
    if (errors.length) throw new HttpError(400, errors);
    return body;
  }

  app.get('/api/widgets', {
    config: { access },
    schema: { tags, summary: 'Every widget with the roles whose home shows it, its size and place there.' },
  }, async () => managedWidgets(app.db));

  app.get<{ Querystring: { roleId: number; lock?: boolean } }>('/api/widgets/arrangement', {
    config: { access },
    schema: {
      tags,
      summary: "The widgets on one role's home, in their order; with lock=true, for arranging: takes the lock of the role's home (see the recordlock* response headers).",
      querystring: { ...roleQuery, properties: { ...roleQuery.properties, ...lockQuerySchema.properties } },
    },
  }, async (request, reply) => {
    await requireRole(app.db, request.query.roleId);
    return readLocked(app, request, reply, { ...arrangementLock, id: request.query.roleId }, () => roleWidgets(app.db, request.query.roleId));
  });

  app.get('/api/widgets/choices', {
    config: { access },
    schema: { tags, summary: 'What a widget can show: the built forms, the reports and the roles.' },
  }, async () => ({
    Forms: (await builtForms(app.db)).map((b) => ({ FormId: b.form.FormId, Name: b.form.Name })),
    Reports: await app.db('reports').where({ IsRetired: false }).orderBy('DispName').select('ReportId', 'DispName as Name'),
    Roles: await app.db('roles').where({ IsActive: true }).orderByRaw('lower(name)').select('RoleId', 'Name'),
  }));

  app.get<{ Querystring: { formId: number } }>('/api/widgets/form-fields', {
    config: { access },
    schema: { tags, summary: "A form's fields a number or chart can count, sum, filter or group by.", querystring: formQuery },
  }, async (request) => {
    const found = await reportableFields(app.db, request.query.formId);
    if (!found) throw HttpError.of(404, 'This form does not exist or is inactive.', null, 'NotFound');
    return [...found.fields.values()].filter((f) => f.Kind !== 'count').map((f) => ({ Field: f.Field, Title: f.Title, Kind: f.Kind }));
  });

  app.get<{ Params: { id: number }; Querystring: { lock?: boolean } }>('/api/widgets/:id', {
    config: { access },
    schema: { tags, summary: 'One widget with where it is placed; with lock=true, for update: takes its lock (see the recordlock* response headers).', params: widgetIdParams, querystring: lockQuerySchema },
  }, async (request, reply) => {
    // Found first: a widget that does not exist is not locked.
    const widget = await managedWidget(app.db, request.params.id);
    return readLocked(app, request, reply, { ...widgetLock, id: widget.WidgetId }, () => managedWidget(app.db, widget.WidgetId));
  });

  app.post<{ Body: Widget }>('/api/widgets', {
    config: { access },
    schema: { tags, summary: 'Define a widget and place it last on the home of each role named.', body: widgetBody },
  }, async (request, reply) => {
    const body = await checked(request.body);
    const id = await app.db.transaction((trx) => saveWidget(trx, null, body, request.principal!.UserName));
    return reply.code(201).send({ WidgetId: id });
  });

  app.post<{ Body: Widget; Params: { id: number } }>('/api/widgets/:id', {
    config: { access },
    schema: { tags, summary: "Change a widget, under its lock: a role kept keeps the widget's place on its home; one added puts it last.", params: widgetIdParams, body: widgetBody },
  }, async (request) => {
    const body = await checked(request.body);
    await app.db.transaction(async (trx) => {
      await requireWidgetLock(trx, request, request.params.id);
      await saveWidget(trx, request.params.id, body, request.principal!.UserName);
    });
    return { WidgetId: request.params.id };
  });

  app.delete<{ Params: { id: number } }>('/api/widgets/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a widget, under its lock: it leaves every home.', params: widgetIdParams },
  }, async (request, reply) => {
    await app.db.transaction(async (trx) => {
      await requireWidgetLock(trx, request, request.params.id);
      await trx('widgets').where({ WidgetId: request.params.id }).delete();
    });
    return reply.code(204).send();
  });

  app.post<{ Body: { RoleId: number; WidgetIds: number[] } }>('/api/widgets/arrange', {
    config: { access },
    schema: { tags, summary: "Put one role's widgets in a new order, under the lock of the role's home; the list must name each widget on that home once ('Reorder' otherwise).", body: arrangeBody },
  }, async (request) => {
    await requireRole(app.db, request.body.RoleId);
    await app.db.transaction(async (trx) => {
      await requireWriteLock(trx, request, arrangementLock.domain, request.body.RoleId);
      await arrangeRole(trx, request.body.RoleId, request.body.WidgetIds);
    });
    return roleWidgets(app.db, request.body.RoleId);
  });
}
