import { entryActionIdOf } from '../menus/entry-actions.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkPageForm, checkPageRoute, checkParentChain } from '../pages/page-rules.ts';
import { syncPageNodes } from '../pages/page-screens.ts';
import type { TransferDocument, TransferPage } from './document.ts';
import { adoptKey, choiceKey, findDefinition, importedIds, keyColumn } from './matching.ts';
import { differing, type ApplyContext } from './plan.ts';

type Row = Record<string, any>;

/**
 * Pages by key, else by route (parents first, so a parent's route resolves), through their rules and modules, and
 * their page fields by key, else by name. A page the target made itself (not imported) is taken over (shown with
 * the document's form) only by the administrator's choice: the preview lists it as a conflict.
 */
export async function applyPages(ctx: ApplyContext, doc: TransferDocument): Promise<void> {
  const { app, trx, by, note } = ctx;
  const depth = (route: string | null, n = 0): number => {
    const parent = doc.pages.find((p) => p.route.toLowerCase() === route?.toLowerCase());
    return parent && n < 20 ? depth(parent.parentRoute, n + 1) + 1 : 0;
  };
  const imported = await importedIds(trx, 'pages');
  for (const page of [...doc.pages].sort((a, b) => depth(a.parentRoute) - depth(b.parentRoute))) {
    const form = await trx('forms').whereRaw('lower(name) = lower(?)', [page.form]).first('FormId');
    const parent = page.parentRoute ? await trx('pages').whereRaw('lower(route) = lower(?)', [page.parentRoute]).first('PageId') : null;
    if (page.parentRoute && !parent) throw HttpError.of(409, `The page ${page.route} sits under the page ${page.parentRoute}, which neither the document nor this installation has.`, null, 'MissingReference');
    const wanted = {
      Route: page.route, Name: page.name, Description: page.description, PermissionsDisplayName: page.permissionsDisplayName, FormId: form?.FormId, ParentPageId: parent?.PageId ?? null,
      Controller: page.controller, ViewPath: page.viewPath, Action: entryActionIdOf(page.action, `The page ${page.route}`), Target: page.target, IsActive: page.isActive,
    };
    const found = await findDefinition(trx, 'pages', page.key, (q) => q.whereRaw('lower(route) = lower(?)', [page.route]));
    const stored = found?.row;
    const sameName = await trx('pages').whereRaw('lower(name) = lower(?)', [page.name]).whereNot('PageId', stored?.PageId ?? 0).first('Route');
    if (sameName) throw HttpError.of(409, `The page ${page.route} is named ${page.name}, which the page ${sameName.Route} has here.`, null, 'Unique');
    let pageId: number;
    if (!stored) {
      await checkPageForm(trx, wanted.FormId);
      await checkPageRoute(app, trx, page.route);
      [{ PageId: pageId }] = await trx('pages').insert({ ...wanted, ...(await keyColumn(trx, 'pages', page.key)), CreatedBy: by, CreatedById: ctx.principal.UserId }).returning('PageId');
      note('Page', page.route, 'create');
    } else {
      pageId = stored.PageId;
      if (!found.byKey && !imported.has(pageId)) await takeOverConflict(ctx, page, stored);
      if (!found.byKey) await adoptKey(trx, 'pages', { PageId: pageId }, page.key);
      const changes = differing(stored, wanted, {
        Route: 'Route', Name: 'Name', Description: 'Description', PermissionsDisplayName: 'Permissions Display Name', FormId: 'Form', ParentPageId: 'Parent Page',
        Controller: 'Controller', ViewPath: 'View Path', Action: 'Action', Target: 'Target', IsActive: 'Is Active',
      });
      if (changes.length) {
        await checkPageForm(trx, wanted.FormId);
        if (stored.Route.toLowerCase() !== page.route.toLowerCase()) await checkPageRoute(app, trx, page.route, pageId);
        await trx('pages').where({ PageId: pageId }).update({ ...wanted, ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
      }
      note('Page', page.route, changes.length ? 'change' : 'unchanged', changes);
    }
    await checkParentChain(trx, pageId, wanted.ParentPageId);
    // Its module follows its form and title (writes only what differs, so an unchanged page writes nothing).
    await syncPageNodes(trx, pageId);
    await applyPageFields(ctx, pageId, page);
  }
}

async function takeOverConflict(ctx: ApplyContext, page: TransferPage, stored: Row): Promise<void> {
  const shown = await ctx.trx('forms').where({ FormId: stored.FormId }).first('Name');
  const instead = shown && shown.Name.toLowerCase() !== page.form.toLowerCase() ? ` instead of the form ${shown.Name}` : '';
  ctx.conflict({
    Kind: 'Page', Key: choiceKey('Page', page.key, page.route), Name: stored.Name,
    Message: `The target's page '${stored.Name}' already uses route ${stored.Route}: importing takes it over (it would show the form ${page.form}${instead}).`,
  });
}

async function applyPageFields(ctx: ApplyContext, pageId: number, page: TransferPage): Promise<void> {
  const { trx, by, note } = ctx;
  for (const field of page.fields) {
    const fieldWanted = { Name: field.name, FieldType: field.fieldType, Route: field.route, Target: field.target, IsActive: field.isActive, SortOrder: field.sortOrder, AttributeValues: field.attributeValues };
    const found = await findDefinition(trx, 'page_fields', field.key, (q) => q.whereRaw('lower(name) = lower(?)', [field.name]), { PageId: pageId });
    const current = found?.row;
    const key = `${page.route} › ${field.name}`;
    if (!current) {
      await trx('page_fields').insert({ PageId: pageId, ...fieldWanted, ...(await keyColumn(trx, 'page_fields', field.key)), AttributeValues: JSON.stringify(field.attributeValues), CreatedBy: by });
      note('Page field', key, 'create');
      continue;
    }
    if (!found.byKey) await adoptKey(trx, 'page_fields', { PageFieldId: current.PageFieldId }, field.key);
    const changes = differing(current, fieldWanted, { Name: 'Name', FieldType: 'Field Type', Route: 'Route', Target: 'Target', IsActive: 'Is Active', SortOrder: 'Sort Order', AttributeValues: 'Attributes' });
    if (changes.length) {
      await trx('page_fields').where({ PageFieldId: current.PageFieldId })
        .update({ ...fieldWanted, AttributeValues: JSON.stringify(field.attributeValues), ModifiedBy: by, ModifiedDate: trx.fn.now(), RowVersion: trx.raw('row_version + 1') });
    }
    note('Page field', key, changes.length ? 'change' : 'unchanged', changes);
  }
}
