import { listLocks } from '../locks/list-locks.ts';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import pageEntity from '../../../metadata/entities/Page.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { pageModuleName, pageUrlOf } from '../../../engine/core/lowcode/compose-page.ts';
import { rowSchemaOf } from '../../lib/entity-schemas.ts';
import { runList, listQuerySchema, listResponseSchema, type ListQuery } from '../../lib/list/index.ts';
import { registerCrud } from '../../lib/crud/register-crud.ts';
import { deniedFieldsOf, listForUser, withRowRule } from '../../lib/crud/record-access.ts';
import { circleAccessFor } from '../page-actions/store.ts';
import { checkPageForm, checkPageRoute, checkParentChain } from './page-rules.ts';
import { syncPageNodes } from './page-screens.ts';
import { checkedEntryAction, entryActionName } from '../menus/entry-actions.ts';

type Row = Record<string, unknown>;

export const duplicatePageName = 'A record with the name {value} already exists.';

/** What a page's answer carries beyond its row: names of its form and parent, its Url, and its menu item's placement. */
const derived = ['ActionName', 'FormName', 'ParentPageName', 'Url', 'MenuName', 'MenuDescription', 'SortOrder', 'ParentMenuItem', 'MenuUrl', 'MenuTarget', 'MenuIsActive'];

async function pageExtras(db: Knex, row: Row): Promise<Row> {
  const form = await db('forms').where({ FormId: row.FormId }).first('Name');
  const parent = row.ParentPageId ? await db('pages').where({ PageId: row.ParentPageId }).first('Name') : null;
  // The menu item that links to the page's module (spec 2: the read screen shows the menu information).
  const item = await db('menu_items as m')
    .join('modules as mo', 'mo.ModuleId', 'm.ModuleId')
    .leftJoin('menu_items as parent', 'parent.MenuItemId', 'm.ParentMenuItemId')
    .where('mo.Name', pageModuleName(row.PageId as number))
    .orderBy('m.MenuItemId')
    .first({ MenuName: 'm.Name', SortOrder: 'm.SortOrder', ParentMenuItem: 'parent.Name', MenuTarget: 'm.Target', MenuIsActive: 'm.IsActive' });
  return {
    ActionName: entryActionName(row.Action),
    FormName: form?.Name ?? null,
    ParentPageName: parent?.Name ?? null,
    Url: pageUrlOf(String(row.Route ?? '')),
    MenuName: item?.MenuName ?? null,
    MenuDescription: null,
    SortOrder: item?.SortOrder ?? null,
    ParentMenuItem: item?.ParentMenuItem ?? null,
    MenuUrl: item ? String(row.Route) : null,
    MenuTarget: item?.MenuTarget ?? null,
    MenuIsActive: item?.MenuIsActive ?? null,
  };
}

/**
 * Pages (spec 2 "Pages and page fields"): the list (page 11) and the record calls. A page's save checks its route
 * (free), its parent chain (no loop) and its form (built and active), and gives the page its module and nodes in the
 * permission tree, all in the save's transaction; a deleted page takes its module with it.
 */
export default async function pageRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('pages');
  const list = screen.list!;
  const access = { module: 'PageManagement' };

  app.get<{ Querystring: ListQuery }>(screen.api, {
    config: { access: { ...access, pageId: list.pageId } },
    schema: { tags: ['pages'], summary: 'Pages, paged, sorted and searched (active and inactive on request).', querystring: listQuerySchema, response: { 200: listResponseSchema({ ...rowSchemaOf(pageEntity), additionalProperties: true }) } },
  }, async (request) => {
    const rows = app.db.from(withRowRule(app.db('pages as p'), 'p.CreatedById', request.principal).leftJoin('forms as f', 'f.FormId', 'p.FormId')
      .leftJoin('entry_actions as a', 'a.EntryActionId', 'p.Action').select('p.*', { FormName: 'f.Name', ActionName: 'a.Name' }).as('pages'));
    return runList(app.db, rows, listForUser(list, deniedFieldsOf(request.principal)), { idField: 'PageId', activeField: 'IsActive', alwaysSelect: ['IsActive'] }, request.query, {
      locks: await listLocks(app, request),
      circleAccess: () => circleAccessFor(app.db, request.principal!, list.pageId),
    });
  });

  registerCrud(app, {
    screen,
    entity: pageEntity as JsonSchema,
    table: 'pages',
    ownerField: 'CreatedById',
    related: derived,
    unique: [{ field: 'Name', message: duplicatePageName, caseInsensitive: true }],
    hooks: {
      toColumns: async (values, _mode, existing, trx) => {
        // The select's 'Please Select' (-1) is no parent.
        if (typeof values.ParentPageId === 'number' && values.ParentPageId < 0) values = { ...values, ParentPageId: null };
        if ('Action' in values) values = { ...values, Action: await checkedEntryAction(trx, values.Action) };
        if ('FormId' in values) await checkPageForm(trx, values.FormId);
        if ('Route' in values) await checkPageRoute(app, trx, String(values.Route), existing?.PageId as number | undefined);
        return values;
      },
      afterWrite: async (trx, saved) => {
        const pageId = saved.PageId as number;
        await checkParentChain(trx, pageId, (saved.ParentPageId as number | null) ?? null);
        await syncPageNodes(trx, pageId);
      },
      load: (db, row) => pageExtras(db, row),
      afterDelete: async (trx, row) => {
        await trx('modules').where({ Name: pageModuleName(row.PageId as number) }).delete();
      },
    },
  });
}
