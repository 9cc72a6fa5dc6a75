import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { moduleAccessOf } from './effective-access.ts';
import { explainAccess, nodesOf, type ExplainStep } from './explain.ts';
import { explainRecordAction } from './explain-circle.ts';

const answer = { 200: { type: 'boolean' } } as const;
const name = (description: string) => ({ type: 'string', minLength: 1, maxLength: 200, description });
const moduleName = name("The module's name, e.g. RegisterUser.");

const explainSteps: ExplainStep[] = ['Module', 'Master', 'Role', 'Override', 'ModuleRequired', 'Node', 'ViewAllRecords'];
const explanation = {
  type: 'object',
  additionalProperties: false,
  required: ['Granted', 'Chain'],
  properties: {
    Granted: { type: 'boolean', description: "The evaluator's answer for the node asked about." },
    Chain: {
      type: 'array',
      description: [
        'How it was decided, in the order the evaluator applies: Module (only when no such module exists), Master,',
        "then for the module each of the user's roles (Role: an inactive role gives nothing; role 1 holds every node)",
        "and the user's override if any (Override: replaces the roles' answer); for a module, ViewAllRecords",
        '(own records only when false); for a route or field node, its own Role and Override steps and ModuleRequired',
        '(a child node counts only under a held module), or Node when the module has no such node.',
      ].join(' '),
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Step', 'Node', 'Detail', 'Granted'],
        properties: {
          Step: { type: 'string', enum: explainSteps },
          Node: { type: 'string', description: "The node the step is about: the module's name, or the route or field node's name." },
          Detail: { type: 'string', description: 'The step in words, for the administrator.' },
          Granted: { type: 'boolean', description: 'Whether this step grants (Role, Override: its own answer; ModuleRequired: the module is held).' },
        },
      },
    },
  },
} as const;

/**
 * The access calls of spec 1 section 7 beside module access (app/routes.ts): record, module-field and
 * module-button access of the signed-in user, each a boolean from the evaluator (effective-access.ts); and
 * 'Explain access' for administrators (explain.ts).
 */
export default async function accessRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { moduleName: string } }>('/api/Authorize/RecordAccess', {
    config: { access: 'session' },
    schema: {
      tags: ['access'],
      summary: "Whether the signed-in user sees every record of the module: 'View All Records' held, or not offered by the module (false: own records only, or no such module).",
      querystring: { type: 'object', required: ['moduleName'], properties: { moduleName } },
      response: answer,
    },
  }, async (request) => (await moduleAccessOf(app.db, request.principal!.UserId, request.query.moduleName)).viewAllRecords);

  app.get<{ Querystring: { moduleName: string; moduleFieldName: string } }>('/api/Authorize/ModuleFieldAccess', {
    config: { access: 'session' },
    schema: {
      tags: ['access'],
      summary: "Whether the signed-in user may see the module's field: its field node held under the held module; true for a field the module has no node for (false for no such module).",
      querystring: { type: 'object', required: ['moduleName', 'moduleFieldName'], properties: { moduleName, moduleFieldName: name('The field, e.g. EmailAddress.') } },
      response: answer,
    },
  }, async (request) => {
    const { moduleName: module, moduleFieldName: field } = request.query;
    const nodes = await nodesOf(app.db, module, { type: 'field', name: field });
    if (!nodes.module) return false;
    if (!nodes.child) return true;
    const access = await moduleAccessOf(app.db, request.principal!.UserId, module);
    return access.holdsModule && !access.deniedFields.includes(field);
  });

  app.get<{ Querystring: { moduleName: string; routeName: string } }>('/api/Authorize/ModuleButtonAccess', {
    config: { access: 'session' },
    schema: {
      tags: ['access'],
      summary: "Whether the signed-in user may use the module's route (a button), e.g. routeName=users.create: its route node held under the held module; a route the module has no node for needs only the module.",
      querystring: { type: 'object', required: ['moduleName', 'routeName'], properties: { moduleName, routeName: name("The route's name, e.g. users.create.") } },
      response: answer,
    },
  }, async (request) => {
    const { moduleName: module, routeName } = request.query;
    const nodes = await nodesOf(app.db, module, { type: 'route', name: routeName });
    if (!nodes.module) return false;
    const access = await moduleAccessOf(app.db, request.principal!.UserId, module, nodes.child ? routeName : null);
    return nodes.child ? access.holdsRoute : access.holdsModule;
  });

  app.get<{ Querystring: { userId: number; moduleName: string; routeName?: string; fieldName?: string } }>('/api/Authorize/Explain', {
    config: { access: { module: 'Role' } },
    schema: {
      tags: ['access'],
      summary: "Explain access: whether a user holds a module, or a route or field node under it, and the chain that decided it (master, roles, override, View All Records, the module a child node needs).",
      description: 'Granted is what the module, module-button and module-field access calls answer for that user. 404 for no such user; 400 when both routeName and fieldName are given.',
      querystring: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'moduleName'],
        properties: {
          userId: { type: 'integer', minimum: 1 },
          moduleName,
          routeName: name('A route node under the module, e.g. users.create.'),
          fieldName: name('A field node under the module, e.g. EmailAddress.'),
        },
      },
      response: { 200: explanation },
    },
  }, async (request) => {
    const { userId, moduleName: module, routeName, fieldName } = request.query;
    if (routeName !== undefined && fieldName !== undefined) throw HttpError.of(400, 'Ask about a route or a field, not both.', 'fieldName', 'RouteOrField');
    const explained = await explainAccess(app.db, userId, { moduleName: module, routeName, fieldName });
    if (!explained) throw HttpError.of(404, 'This user no longer exists.', 'userId', 'NotFound');
    return explained;
  });

  app.get<{ Querystring: { userId: number; formId: number; recordId: number; action: string; pageId?: number } }>('/api/Authorize/ExplainRecordAction', {
    config: { access: { module: 'Role' } },
    schema: {
      tags: ['access'],
      summary: "Why can (or can't) this user take this row action on this record: the record's circle, the user's membership, and the roles (the user's own, the circle's or its aggregate's) that granted or denied it.",
      description: 'Granted is the answer of the evaluator the grid and the server use. 404 for no such user, form, action or record.',
      querystring: {
        type: 'object', additionalProperties: false, required: ['userId', 'formId', 'recordId', 'action'],
        properties: {
          userId: { type: 'integer', minimum: 1 }, formId: { type: 'integer', minimum: 1 }, recordId: { type: 'integer', minimum: 1 },
          action: { type: 'string', enum: ['Edit', 'Delete', 'Copy', 'Print'] },
          pageId: { type: 'integer', minimum: 1, description: 'The records as reached through this page (its module and route nodes).' },
        },
      },
    },
  }, async (request) => {
    const { userId, formId, recordId, action, pageId } = request.query;
    const explained = await explainRecordAction(app.db, userId, formId, recordId, action, pageId);
    if (!explained) throw HttpError.of(404, 'No such user, form or record.', null, 'NotFound');
    return explained;
  });
}
