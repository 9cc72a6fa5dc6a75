import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance } from 'fastify';
import role from '../../../metadata/entities/Role.json' with { type: 'json' };
import type { RolePermission } from '../../../engine/core/access/types.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { runList, listQuerySchema, listResponseSchema, type ListOptions, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud, type CrudAction } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser } from '../../lib/crud/record-access.ts';
import { circleAccessFor } from '../page-actions/store.ts';
import { roleTree, rolesTree, rolePermissions, roleUserCount, saveRolePermissions, systemRoleId } from './permissions.ts';
import { withModuleHints } from '../access/module-kinds.ts';
import { allScreens } from '../forms/screens.ts';

export const systemRoleMessage = 'This is the default system administrator role which cannot be modified or deleted.';
export const systemRoleDeleteMessage = 'The public access role cannot be deleted.';
export const duplicateRoleName = 'A record with the name {value} already exists.';
export const adminRoleMessage = 'This is an administrator role: its name, description and active state cannot be changed; only its module access is saved.';
export const userLimitMessage = (users: number) =>
  `This role has ${users} user${users === 1 ? '' : 's'}; its User Count Limit cannot be lower than that (0 means no limit).`;

type Row = Record<string, unknown>;

const treeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Categories', 'Nodes'],
  properties: {
    Categories: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          CategoryId: { type: 'integer' }, ParentCategoryId: { type: ['integer', 'null'] }, Name: { type: 'string' },
          Title: { type: 'string' }, DisplayOrder: { type: 'integer' },
        },
      },
    },
    Nodes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          Id: { type: 'integer' }, Type: { type: 'string', enum: ['module', 'route', 'field'] }, Name: { type: 'string' }, Label: { type: 'string' },
          ModuleId: { type: 'integer', description: "The module node's Id (its own for a module)." },
          ParentId: { type: ['integer', 'null'], description: 'The module node of a route or field node; null for a module.' },
          CategoryId: { type: ['integer', 'null'] }, SortOrder: { type: 'integer' }, AllowUse: { type: 'boolean' },
          AllowViewAllRecords: { type: 'boolean' }, HasAccess: { type: 'boolean' }, ViewAllRecords: { type: 'boolean' },
          ReadOnly: { type: 'boolean', description: 'A field node granted read-only (shown, not changeable).' },
          Kind: { type: 'string', enum: ['Page', 'Form', 'Screen'], description: 'Modules with a screen: what the module opens (a page, a built form\'s records, a screen of the application).' },
          Hint: { type: 'string', description: 'Modules with a screen: one line saying what the module opens, and where.' },
        },
      },
    },
  },
} as const;

/**
 * Roles (spec 3 "Roles"): the list, the record calls with the role's Permissions saved in the same transaction
 * and checked first, the permission tree the module access editor draws, and the access some roles give together.
 * Role 1 cannot be changed, deactivated or deleted; an admin role keeps its name, description and active state.
 */
export default async function roleRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('roles');
  const list = screen.list!;
  const locks = screen.form?.lockWhen ?? [];
  const rowSchema = rowSchemaOf(role);
  const listOptions: ListOptions = { idField: 'RoleId' };

  app.get<{ Querystring: ListQuery }>('/api/roles', {
    config: { access: { module: 'Role', pageId: list.pageId } },
    schema: {
      tags: ['roles'],
      summary: 'Roles, paged, sorted and searched over the columns the role list declares (active and inactive).',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchema) },
    },
  }, async (request) =>
    runList(app.db, app.db('roles'), listForUser(list, deniedFieldsOf(request.principal)), listOptions, request.query, {
      locks: await listLocks(app, request),
      circleAccess: () => circleAccessFor(app.db, request.principal!, list.pageId),
    }),
  );

  app.get<{ Querystring: { roleId?: number } }>('/api/roles/permission-tree', {
    config: { access: { module: 'Role' } },
    schema: {
      tags: ['roles'],
      summary: "The permission tree of the module access editor: categories, and module, route and field nodes (retired ones left out), with HasAccess and ViewAllRecords the role's grants (none without roleId, or for 0: a new role). Role 1 holds every node.",
      querystring: { type: 'object', additionalProperties: false, properties: { roleId: { type: 'integer', minimum: 0 } } },
      response: { 200: treeSchema },
    },
  }, async (request) => withModuleHints(await roleTree(app.db, request.query.roleId), await allScreens(app)));

  app.get<{ Querystring: { RoleIds?: number[] } }>('/api/roles/access-by-roles', {
    config: { access: { module: 'RegisterUser' } },
    schema: {
      tags: ['roles'],
      summary: "Module access by roles ('role form actions combined'): the permission tree with HasAccess and ViewAllRecords what the active ones of these roles give together, as a user holding them inherits it (role 1: everything; no roles: nothing).",
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { RoleIds: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 1000, description: 'Repeated: RoleIds=1&RoleIds=2.' } },
      },
      response: { 200: treeSchema },
    },
  }, async (request) => withModuleHints(await rolesTree(app.db, [...new Set(request.query.RoleIds ?? [])]), await allScreens(app)));

  app.get<{ Querystring: { roleId: number } }>('/api/roles/usage', {
    config: { access: { module: 'Role' } },
    schema: {
      tags: ['roles'],
      summary: 'How many users hold the role (active or not): what deleting it would sever.',
      querystring: { type: 'object', additionalProperties: false, required: ['roleId'], properties: { roleId: { type: 'integer', minimum: 1 } } },
      response: { 200: { type: 'object', additionalProperties: false, required: ['RoleId', 'UserCount'], properties: { RoleId: { type: 'integer' }, UserCount: { type: 'integer' } } } },
    },
  }, async (request) => {
    const { roleId } = request.query;
    if (!(await app.db('roles').where({ RoleId: roleId }).first('RoleId'))) throw HttpError.of(404, 'This role no longer exists.', 'roleId', 'NotFound');
    return { RoleId: roleId, UserCount: await roleUserCount(app.db, roleId) };
  });

  registerCrud(app, {
    screen,
    entity: role as JsonSchema,
    table: 'roles',
    related: ['Permissions'],
    unique: [{ field: 'Name', message: duplicateRoleName, caseInsensitive: true }],
    hooks: {
      refuseChange: (row: Row, action: CrudAction) => {
        if (row.RoleId === systemRoleId) return action === 'delete' ? systemRoleDeleteMessage : systemRoleMessage;
        if (row.IsAdmin && action === 'deactivate') return adminRoleMessage;
        return null;
      },
      toColumns: (values: Row, mode, existing) => {
        // The screen's locks (an admin role's name, description and active state) hold on the server too.
        if (mode === 'update' && existing) {
          const changed = locks.filter((lock) => existing[lock.field] === lock.equals)
            .flatMap((lock) => lock.fields.filter((f) => f in values && !sameText(values[f], existing[f])).map((f) => ({ f, message: lock.message ?? adminRoleMessage })));
          if (changed.length) throw new HttpError(400, changed.map(({ f, message }) => ({ PropertyName: f, ErrorMessage: message, ErrorCode: 'LockedField' })));
        }
        return values;
      },
      afterWrite: async (trx, saved, values, mode) => {
        const roleId = saved.RoleId as number;
        if (mode === 'update') {
          const limit = saved.UserCountLimit as number;
          const users = limit > 0 ? await roleUserCount(trx, roleId) : 0;
          if (limit > 0 && users > limit) throw HttpError.of(400, userLimitMessage(users), 'UserCountLimit', 'UserCountLimit');
        }
        // A save that does not carry Permissions (a field the user may not see) leaves the grants as they are.
        if (Array.isArray(values.Permissions)) await saveRolePermissions(trx, roleId, values.Permissions as RolePermission[]);
      },
      load: async (db, row) => ({ Permissions: await rolePermissions(db, row.RoleId as number) }),
    },
  });
}

/** Stored and sent text compared as the form shows them: null and '' are the same empty description. */
function sameText(a: unknown, b: unknown): boolean {
  return (a ?? '') === (b ?? '');
}
