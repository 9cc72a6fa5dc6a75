import type { FastifyInstance } from 'fastify';
import type { Widget } from '../../../metadata/types/Widget.ts';
import { HttpError } from '../../lib/http-error.ts';
import { builtForms } from '../forms/built-forms.ts';
import { reportableFields } from '../reports/form-fields.ts';
import { widgetKinds } from './kinds/index.ts';
import { arrangeBody, formQuery, roleQuery, widgetBody, widgetIdParams } from './schemas.ts';
import { arrangeRole, managedWidgets, roleWidgets, saveWidget, widgetGone } from './store.ts';
import homeRoutes from './home-routes.ts';

const tags = ['widgets'];
const access = { module: 'WidgetManager' };

/**
 * The widget manager of issue 32 (/HomeConfigurationManager, module WidgetManager): widgets defined as data (kind,
 * source, options), placed on the homes of roles in an order and a size, arranged per role. The home's own calls
 * (every signed-in user's) are home-routes.ts.
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

  app.get<{ Querystring: { roleId: number } }>('/api/widgets/arrangement', {
    config: { access },
    schema: { tags, summary: "The widgets on one role's home, in their order.", querystring: roleQuery },
  }, async (request) => roleWidgets(app.db, request.query.roleId));

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
    schema: { tags, summary: "Change a widget: a role kept keeps the widget's place on its home; one added puts it last.", params: widgetIdParams, body: widgetBody },
  }, async (request) => {
    const body = await checked(request.body);
    await app.db.transaction((trx) => saveWidget(trx, request.params.id, body, request.principal!.UserName));
    return { WidgetId: request.params.id };
  });

  app.delete<{ Params: { id: number } }>('/api/widgets/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a widget: it leaves every home.', params: widgetIdParams },
  }, async (request, reply) => {
    if (!(await app.db('widgets').where({ WidgetId: request.params.id }).delete().returning('WidgetId')).length) throw widgetGone();
    return reply.code(204).send();
  });

  app.post<{ Body: { RoleId: number; WidgetIds: number[] } }>('/api/widgets/arrange', {
    config: { access },
    schema: { tags, summary: "Put one role's widgets in a new order; the list must name each widget on that home once ('Reorder' otherwise).", body: arrangeBody },
  }, async (request) => {
    await app.db.transaction((trx) => arrangeRole(trx, request.body.RoleId, request.body.WidgetIds));
    return roleWidgets(app.db, request.body.RoleId);
  });
}
