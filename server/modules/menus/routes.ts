import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance } from 'fastify';
import menuItem from '../../../metadata/entities/MenuItem.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { HttpError } from '../../lib/http-error.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';
import { circleAccessFor } from '../page-actions/store.ts';
import { optionQuerystring, splitIds, type LookupQuery } from '../lookups/option-query.ts';
import { modulesOf } from '../access/module-access.ts';
import { heldRouteNames } from '../access/effective-access.ts';
import { routeTableFor } from '../app/route-table.ts';
import { allScreens } from '../forms/screens.ts';
import { checkMenuPlacement, checkParentExists, lockMenuShape, menuMessages } from './placement.ts';
import { moduleHints, moduleKindGroups, moduleKindOrder } from '../access/module-kinds.ts';
import { moduleEntryRoutes, moduleLinkRoutes } from './module-routes.ts';
import { buildMenu, menuItemType, type MenuRow } from './tree.ts';
import { checkedEntryAction, entryActionName } from './entry-actions.ts';
import { isAppPath, isWebAddress, menuUrlMessage } from '../../../engine/core/menu.ts';

type Row = Record<string, unknown>;

const optionList = { type: 'array', items: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } } } as const;
/** Options with the heading they are listed under and a line saying what each opens. */
const hintedOptionList = {
  type: 'array',
  items: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' }, Group: { type: 'string' }, Hint: { type: 'string' } } },
} as const;

const menuNodeSchema = {
  $id: 'MenuNode',
  type: 'object',
  required: ['MenuItemId', 'LinkText', 'URL', 'Target', 'HasAccess', 'IsAlwaysVisible', 'MenuItemType', 'Children'],
  properties: {
    MenuItemId: { type: ['integer', 'null'], description: 'Null for a list screen listed only because no menu item names it.' },
    LinkText: { type: 'string' },
    URL: { type: ['string', 'null'] },
    Target: { type: ['string', 'null'] },
    HasAccess: { type: 'boolean' },
    IsAlwaysVisible: { type: 'boolean' },
    MenuItemType: { type: 'object', required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } },
    Children: { type: 'array', items: { $ref: 'MenuNode#' } },
  },
} as const;

/** The column naming a menu item's owner (migration 117), whom 'View All Records' on Menu Items is measured against. */
const ownerField = 'CreatedById';

/** What a write may not leave: a number below 1 from a select is no choice. */
const choice = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);

/**
 * Menu items (spec 2 "Menu items", "Menu item"): the list, the record calls (type and module fixed once created;
 * a URL link needs Url and Target, a module link its Module; the parent chain checked in the save's transaction),
 * the selects' options, and menu-all, the signed-in user's main menu (spec 3 "Main menu").
 */
export default async function menuRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('menuitems');
  const list = screen.list!;
  const rowSchema = rowSchemaOf(menuItem);
  app.addSchema(menuNodeSchema);

  app.get<{ Querystring: ListQuery }>('/api/menu-items', {
    config: { access: { module: 'MenuItem', pageId: list.pageId } },
    schema: {
      tags: ['menuitems'],
      summary: 'Menu items with their parent and type by name, paged, sorted and searched over the list columns (active and inactive).',
      querystring: listQuerySchema,
      response: { 200: listResponseSchema(rowSchema) },
    },
  }, async (request) =>
    runList(app.db, withRowRule(app.db('menu_item_list'), ownerField, request.principal), listForUser(list, deniedFieldsOf(request.principal)), { idField: 'MenuItemId' }, request.query, {
      locks: await listLocks(app, request),
      circleAccess: () => circleAccessFor(app.db, request.principal!, list.pageId),
    }),
  );

  app.get<{ Querystring: LookupQuery }>('/api/lookups/menu-item-types', {
    config: { access: { module: 'MenuItem' } },
    preValidation: splitIds,
    schema: { tags: ['menuitems'], summary: 'The types of menu item: URL Link (1), Module Link (2), Group (3), Separator (4).', querystring: optionQuerystring, response: { 200: optionList } },
  }, async (request) => {
    const q = app.db('menu_item_types').select({ Id: 'MenuItemTypeId', Name: 'Name' }).orderBy('SortOrder');
    if (request.query.ids) q.whereIn('MenuItemTypeId', request.query.ids);
    else q.where('IsActive', true);
    return q;
  });

  app.get<{ Querystring: LookupQuery }>('/api/lookups/menu-modules', {
    config: { access: { module: 'MenuItem' } },
    preValidation: splitIds,
    schema: {
      tags: ['menuitems'],
      summary: "The modules a module link may open: those with a list (or single-record) screen, by label; pages first, then the application's screens, then forms, each with its Group and a Hint saying what it opens.",
      querystring: optionQuerystring,
      response: { 200: hintedOptionList },
    },
  }, async (request) => {
    const modules: Array<{ ModuleId: number; Name: string; Label: string }> = await app.db('modules').select('ModuleId', 'Name', 'Label').orderBy('Label');
    const screens = await allScreens(app);
    const entries = moduleEntryRoutes(screens, modules.map((m) => m.Name));
    const hints = moduleHints(screens);
    const { ids, search } = request.query;
    return modules
      .filter((m) => (ids ? ids.includes(m.ModuleId) : entries.has(m.Name)))
      .filter((m) => !search?.trim() || m.Label.toLowerCase().includes(search.trim().toLowerCase()))
      .map((m) => {
        // The shell's own screens (Record Locks, Concurrent Sessions) have no screen document: named by their route.
        const entry = entries.get(m.Name)?.Url;
        const hint = hints.get(m.Name) ?? { Kind: 'Screen' as const, Hint: `Screen of the application${entry ? ` at ${entry}` : ''}` };
        return { Id: m.ModuleId, Name: m.Label, Group: moduleKindGroups[hint.Kind], Hint: hint.Hint, order: moduleKindOrder[hint.Kind] };
      })
      .sort((a, b) => a.order - b.order || a.Name.localeCompare(b.Name))
      .map(({ order: _o, ...option }) => option);
  });

  app.get<{ Querystring: LookupQuery & { currentMenuItemId?: number } }>('/api/lookups/menu-parents', {
    config: { access: { module: 'MenuItem' } },
    preValidation: splitIds,
    schema: {
      tags: ['menuitems'],
      summary: "The items a menu item may sit under (any but separators), each named by its path ('Operations › Daily'); with currentMenuItemId (spec 2 'GET parent menu items'), never that item nor any item beneath it (a loop, which a save refuses too).",
      querystring: { ...optionQuerystring, properties: { ...optionQuerystring.properties, currentMenuItemId: { type: 'integer', description: 'The item being edited: it and its descendants are left out.' } } },
      response: { 200: optionList },
    },
  }, async (request) => {
    const rows: Array<{ MenuItemId: number; Name: string; ParentMenuItemId: number | null; MenuItemTypeId: number; IsActive: boolean }> =
      await app.db('menu_items').select('MenuItemId', 'Name', 'ParentMenuItemId', 'MenuItemTypeId', 'IsActive');
    const byId = new Map(rows.map((r) => [r.MenuItemId, r]));
    const pathOf = (row: (typeof rows)[number]) => {
      const names = [row.Name];
      for (let p = row.ParentMenuItemId, n = 0; p !== null && n < 10; n++) {
        const parent = byId.get(p);
        if (!parent) break;
        names.unshift(parent.Name);
        p = parent.ParentMenuItemId;
      }
      return names.join(' › ');
    };
    const { ids, search, currentMenuItemId } = request.query;
    const beneath = itemAndDescendants(rows, currentMenuItemId);
    return rows
      .filter((r) => (ids ? ids.includes(r.MenuItemId) : r.IsActive && r.MenuItemTypeId !== menuItemType.separator && !beneath.has(r.MenuItemId)))
      .map((r) => ({ Id: r.MenuItemId, Name: pathOf(r) }))
      .filter((o) => !search?.trim() || o.Name.toLowerCase().includes(search.trim().toLowerCase()))
      .sort((a, b) => a.Name.localeCompare(b.Name));
  });

  app.get('/api/menu/all', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['menuitems'],
      summary: "The signed-in user's main menu (menu-all): the active items as a tree of at most five tiers, each with LinkText, URL, Target, Children, HasAccess (from the user's route table, the same evaluator as every route's check), IsAlwaysVisible and MenuItemType; list screens the user may open that no item names are listed under the Forms group. Empty while the user must change the password.",
      response: { 200: { type: 'array', items: { $ref: 'MenuNode#' } } },
    },
  }, async (request) => {
    const user = request.principal!;
    const locked = await app.db('users').where({ UserId: user.UserId }).first('MustChangePassword');
    if (locked?.MustChangePassword) return [];
    const [screens, modules, routes, rows] = await Promise.all([
      allScreens(app), modulesOf(app.db, user), heldRouteNames(app.db, user),
      app.db('menu_items as mi').leftJoin('modules as m', 'm.module_id', 'mi.module_id')
        // A link to a page without an action of its own opens what the page's Action says.
        .leftJoin('pages as pg', (j) => j.on(app.db.raw("m.name = 'Page' || pg.page_id::text")))
        .select('mi.menu_item_id', 'mi.name', 'mi.menu_item_type_id', 'mi.url', 'mi.target', 'm.name as module_name', 'mi.parent_menu_item_id',
          'mi.is_always_visible', 'mi.is_active', 'mi.system_name', app.db.raw('coalesce(mi.action, pg.action) as action'))
        .orderBy([{ column: 'mi.sort_order' }, { column: 'mi.menu_item_id' }]) as Promise<MenuRow[]>,
    ]);
    const linked = rows.flatMap((r) => (r.ModuleName ? [r.ModuleName] : []));
    const { entries, creates } = moduleLinkRoutes(screens, linked);
    return buildMenu(rows, routeTableFor(screens, modules, routes), entries, creates);
  });

  registerCrud(app, {
    screen,
    entity: menuItem as JsonSchema,
    table: 'menu_items',
    ownerField,
    related: ['MenuItemTypeName', 'ParentMenuItemName', 'ModuleName', 'ActionName'],
    hooks: {
      toColumns: async (values: Row, mode, existing, trx) => {
        await lockMenuShape(trx);
        const written: Row = { ...values, ParentMenuItemId: choice(values.ParentMenuItemId), ModuleId: choice(values.ModuleId) };
        const type = choice(values.MenuItemTypeId);
        if (!type || !(await trx('menu_item_types').where({ MenuItemTypeId: type }).first('MenuItemTypeId'))) {
          throw HttpError.of(400, menuMessages.noType, 'MenuItemTypeId', 'Required');
        }
        if (mode === 'update' && existing) {
          const errors = [];
          if (type !== existing.MenuItemTypeId) errors.push({ PropertyName: 'MenuItemTypeId', ErrorMessage: menuMessages.typeChanged, ErrorCode: 'Unchangeable' });
          if (type === menuItemType.module && written.ModuleId !== existing.ModuleId) errors.push({ PropertyName: 'ModuleId', ErrorMessage: menuMessages.moduleChanged, ErrorCode: 'Unchangeable' });
          if (errors.length) throw new HttpError(400, errors);
        }
        // The rules' required fields hold for any client: a null sent for them is no value either.
        const titles = { Url: menuItem.properties.Url.title, Target: menuItem.properties.Target.title, ModuleId: menuItem.properties.ModuleId.title };
        const missing: Array<keyof typeof titles> = type === menuItemType.url ? (['Url', 'Target'] as const).filter((f) => !written[f])
          : type === menuItemType.module && !written.ModuleId ? ['ModuleId'] : [];
        if (missing.length) {
          throw new HttpError(400, missing.map((f) => ({ PropertyName: f, ErrorMessage: `${titles[f]} is required.`, ErrorCode: 'required' })));
        }
        // A URL link's address is a web address or a path the browser resolves on this origin ('/\host' is another site).
        if (type === menuItemType.url && !isAppPath(String(written.Url)) && !isWebAddress(String(written.Url))) throw HttpError.of(400, menuUrlMessage, 'Url', 'InvalidUrl');
        // What a type does not use is not kept: a module link has no address, a group or separator neither.
        if (type !== menuItemType.url) Object.assign(written, { Url: null, Target: null });
        if (type !== menuItemType.module) Object.assign(written, { ModuleId: null, Action: null });
        else if ('Action' in written) written.Action = await checkedEntryAction(trx, written.Action);
        if (type === menuItemType.module && !(await trx('modules').where({ ModuleId: written.ModuleId }).first('ModuleId'))) {
          throw HttpError.of(400, menuMessages.moduleGone, 'ModuleId', 'NotFound');
        }
        await checkParentExists(trx, written.ParentMenuItemId);
        return written;
      },
      afterWrite: async (trx, saved) => checkMenuPlacement(trx, saved.MenuItemId as number),
      refuseDelete: async (trx, existing) =>
        (await trx('menu_items').where({ ParentMenuItemId: existing.MenuItemId }).first('MenuItemId')) ? menuMessages.hasChildren : null,
      load: async (db, row) => {
        const names = await db('menu_item_list').where({ MenuItemId: row.MenuItemId }).first('MenuItemTypeName', 'ParentMenuItemName', 'ModuleName');
        return { MenuItemTypeName: names?.MenuItemTypeName ?? null, ParentMenuItemName: names?.ParentMenuItemName ?? null, ModuleName: names?.ModuleName ?? null, ActionName: entryActionName(row.Action) };
      },
    },
  });
}

/** The item and every item beneath it, however deep (none without an item): what cannot be its parent. */
function itemAndDescendants(rows: Array<{ MenuItemId: number; ParentMenuItemId: number | null }>, itemId: number | undefined): Set<number> {
  const found = new Set<number>();
  if (itemId === undefined || itemId < 1) return found;
  found.add(itemId);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (row.ParentMenuItemId !== null && found.has(row.ParentMenuItemId) && !found.has(row.MenuItemId)) {
        found.add(row.MenuItemId);
        grew = true;
      }
    }
  }
  return found;
}
