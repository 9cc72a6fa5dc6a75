import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { writeAuditEntry } from '../../lib/crud/audit.ts';
import { routeNodeName } from '../access/permission-nodes.ts';
import { formToChange } from './definition-store.ts';

/**
 * A built form's row and set actions (issue 30; spec 2 section 4, "page actions"): the four it is made with (Edit,
 * Delete, Copy, Print, each standing for a route of the form) and custom URL actions an administrator adds. A custom
 * action may name a parent action: it is granted wherever its parent is (through the parent's route, by roles and by
 * circles), so it needs no grants of its own; without one, roles grant it by role_page_actions and circles by their
 * Permissions. Changes are audited on the form.
 */
const module = 'FormManagement';
const builtIn = new Set(['Edit', 'Delete', 'Copy', 'Print']);
const columns = ['ActionId', 'Scope', 'ButtonText', 'ActionName', 'Url', 'ButtonCss', 'ParentActionId', 'RouteKind', 'SortOrder', 'IsActive'];

interface ActionBody { ButtonText: string; Url?: string | null; Scope?: 'row' | 'set'; ParentActionId?: number | null; ButtonCss?: string | null; SortOrder?: number; IsActive?: boolean }

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['ButtonText'],
  properties: {
    ButtonText: { type: 'string', maxLength: 200 },
    Url: { type: ['string', 'null'], maxLength: 2000 },
    Scope: { enum: ['row', 'set'] },
    ParentActionId: { type: ['integer', 'null'] },
    ButtonCss: { type: ['string', 'null'], enum: [null, 'primary', 'secondary', 'error', 'warning', 'success'] },
    SortOrder: { type: 'integer', minimum: 0, maximum: 10000 },
    IsActive: { type: 'boolean' },
  },
} as const;

const params = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, actionId: { type: 'integer' } } } as const;
type Req = FastifyRequest<{ Params: { id: number; actionId?: number }; Body: ActionBody }>;

const actionsOf = (db: Knex, formId: number) => db('page_actions').where({ FormId: formId }).orderBy([{ column: 'Scope' }, { column: 'SortOrder' }, { column: 'ActionId' }]).select(columns);

/** An action's name from its text ('Send to Supplier' -> SendToSupplier): what handlers and transfer documents know it by. */
const nameOf = (text: string) => text.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') || 'Action';

/** The custom action's values, checked: its text, a URL inside the app or on the web, and a parent of the same form. */
async function checked(trx: Knex, formId: number, sent: ActionBody, own: { ActionId?: number; builtIn: boolean }): Promise<Record<string, unknown>> {
  const problems: Array<{ PropertyName: string; ErrorMessage: string; ErrorCode: string }> = [];
  const text = sent.ButtonText.trim();
  if (!text) problems.push({ PropertyName: 'ButtonText', ErrorMessage: 'Button Text is required.', ErrorCode: 'Required' });
  const url = sent.Url?.trim() || null;
  if (!own.builtIn && !url) problems.push({ PropertyName: 'Url', ErrorMessage: 'Url is required.', ErrorCode: 'Required' });
  if (url && !/^(\/[^/\\]|\/$|https?:\/\/)/i.test(url)) problems.push({ PropertyName: 'Url', ErrorMessage: 'The URL must start with / (a page of this application) or with http:// or https://.', ErrorCode: 'Url' });
  let routeKind: string | null = null;
  if (sent.ParentActionId) {
    const parent = await trx('page_actions').where({ ActionId: sent.ParentActionId, FormId: formId }).first('ActionId', 'RouteKind', 'ParentActionId');
    if (!parent || parent.ActionId === own.ActionId || parent.ParentActionId) problems.push({ PropertyName: 'ParentActionId', ErrorMessage: "The parent action must be another of this form's actions, itself without a parent.", ErrorCode: 'Parent' });
    else routeKind = parent.RouteKind;
  }
  if (problems.length) throw new HttpError(400, problems);
  if (own.builtIn) return { ButtonText: text, ...(sent.IsActive !== undefined ? { IsActive: sent.IsActive } : {}), ...(sent.SortOrder !== undefined ? { SortOrder: sent.SortOrder } : {}) };
  return {
    ButtonText: text, Url: url, Scope: sent.Scope ?? 'row', ParentActionId: sent.ParentActionId ?? null, RouteKind: routeKind,
    ButtonCss: sent.ButtonCss ?? null, ...(sent.SortOrder !== undefined ? { SortOrder: sent.SortOrder } : {}), IsActive: sent.IsActive ?? true,
  };
}

export default async function formActionRoutes(app: FastifyInstance) {
  const tags = ['forms'];
  const audit = (trx: Knex, request: Req, Old: unknown, New: unknown) =>
    writeAuditEntry(trx, { entity: 'forms', recordId: request.params.id, action: 'update', principal: request.principal, changes: [{ Field: 'Actions', Old, New }] });

  app.get<{ Params: { id: number } }>('/api/forms/:id/actions', {
    config: { access: { module } },
    schema: { tags, summary: "A built form's row and set actions: Edit, Delete, Copy and Print, and the custom URL actions added to it.", params },
  }, async (request) => {
    await formToChange(app.db, request.params.id, { principal: request.principal });
    return (await actionsOf(app.db, request.params.id)).map((a) => ({ ...a, IsBuiltIn: builtIn.has(a.ActionName) && a.Url === null }));
  });

  app.post<{ Params: { id: number }; Body: ActionBody }>('/api/forms/:id/actions', {
    config: { access: { module, route: routeNodeName('forms', 'update') } },
    schema: { tags, summary: 'Adds a custom URL action to a built form (a row action gets the row id appended to its URL).', params, body },
  }, async (request, reply) => {
    const form = await formToChange(app.db, request.params.id, { principal: request.principal });
    if (!form.AccessPageId) throw HttpError.of(400, 'Only a form built in Form Management has row actions of its own.', null, 'BuiltInForm');
    const saved = await app.db.transaction(async (trx) => {
      const values = await checked(trx, request.params.id, request.body, { builtIn: false });
      const taken = new Set((await trx('page_actions').where({ AccessPageId: form.AccessPageId }).select('ActionName')).map((a: { ActionName: string }) => a.ActionName.toLowerCase()));
      let name = nameOf(values.ButtonText as string);
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${nameOf(values.ButtonText as string)}${n}`;
      // A new action goes last unless told where.
      const [{ Last }] = await trx('page_actions').where({ AccessPageId: form.AccessPageId }).max('SortOrder as Last');
      const order = values.SortOrder ?? Number(Last ?? 0) + 1;
      const [row] = await trx('page_actions').insert({ ...values, SortOrder: order, ActionName: name, AccessPageId: form.AccessPageId, FormId: request.params.id, Type: 'button' }).returning(columns);
      await audit(trx, request as Req, null, `${row.ButtonText} (${row.Url})`);
      return row;
    });
    return reply.status(201).send({ ...saved, IsBuiltIn: false });
  });

  app.post<{ Params: { id: number; actionId: number }; Body: ActionBody }>('/api/forms/:id/actions/:actionId', {
    config: { access: { module, route: routeNodeName('forms', 'update') } },
    schema: { tags, summary: "Changes one of a built form's actions: a built-in one's text, order and whether it is shown; a custom one whole.", params, body },
  }, async (request) => {
    await formToChange(app.db, request.params.id, { principal: request.principal });
    return app.db.transaction(async (trx) => {
      const before = await trx('page_actions').where({ ActionId: request.params.actionId, FormId: request.params.id }).first(columns);
      if (!before) throw HttpError.of(404, 'This action no longer exists.', null, 'NotFound');
      const isBuiltIn = builtIn.has(before.ActionName) && before.Url === null;
      const values = await checked(trx, request.params.id, request.body, { ActionId: before.ActionId, builtIn: isBuiltIn });
      const [row] = await trx('page_actions').where({ ActionId: before.ActionId }).update(values).returning(columns);
      await audit(trx, request as Req, `${before.ButtonText}${before.IsActive ? '' : ' (inactive)'}`, `${row.ButtonText}${row.IsActive ? '' : ' (inactive)'}`);
      return { ...row, IsBuiltIn: isBuiltIn };
    });
  });

  app.delete<{ Params: { id: number; actionId: number } }>('/api/forms/:id/actions/:actionId', {
    config: { access: { module, route: routeNodeName('forms', 'update') } },
    schema: { tags, summary: "Removes a custom action of a built form (its grants go with it); the built-in four are deactivated instead.", params },
  }, async (request, reply) => {
    await formToChange(app.db, request.params.id, { principal: request.principal });
    await app.db.transaction(async (trx) => {
      const before = await trx('page_actions').where({ ActionId: request.params.actionId, FormId: request.params.id }).first(columns);
      if (!before) throw HttpError.of(404, 'This action no longer exists.', null, 'NotFound');
      if (builtIn.has(before.ActionName) && before.Url === null) throw HttpError.of(409, 'Edit, Delete, Copy and Print stand for the form\'s own screens and cannot be removed: make them inactive instead.', null, 'BuiltInAction');
      await trx('page_actions').where({ ParentActionId: before.ActionId }).update({ ParentActionId: null, RouteKind: null });
      await trx('page_actions').where({ ActionId: before.ActionId }).delete();
      await audit(trx, request as unknown as Req, `${before.ButtonText} (${before.Url})`, null);
    });
    return reply.status(204).send();
  });
}
