import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { composePageScreen, pageModuleName, type PageHead } from '../../../engine/core/lowcode/compose-page.ts';
import { builtForm, composeInTransaction, type BuiltForm } from '../forms/built-forms.ts';
import { syncModuleNodes } from '../access/permission-nodes.ts';

/** The permission category pages' modules are listed under (migration 093). */
export const pagesCategory = 'Pages';

export interface PageScreen { page: PageHead & { FormId: number }; screen: ScreenDocument; entity: JsonSchema }

const headColumns = ['PageId', 'Name', 'Description', 'PermissionsDisplayName', 'Route', 'FormId'] as const;

/** The active pages whose form is active and built (a page of an inactive form is not live). */
async function livePages(db: Knex, pageId?: number): Promise<Array<PageHead & { FormId: number }>> {
  const query = db('pages as p').join('forms as f', 'f.FormId', 'p.FormId')
    .where({ 'p.IsActive': true, 'f.IsActive': true }).whereNull('f.Source')
    .orderBy('p.PageId').select(headColumns.map((c) => `p.${c}`));
  if (pageId !== undefined) query.where('p.PageId', pageId);
  return query;
}

async function withForm(db: Knex, page: PageHead & { FormId: number }, forms?: BuiltForm[]): Promise<PageScreen | null> {
  const built = forms ? forms.find((f) => f.form.FormId === page.FormId) ?? null : await builtForm(db, page.FormId);
  return built && { page, screen: composePageScreen(page, built.screen), entity: built.entity };
}

/** A live page's screen (its form's, as the form's cache has it), or null. */
export async function pageScreen(db: Knex, pageId: number): Promise<PageScreen | null> {
  if (!Number.isInteger(pageId) || pageId < 1 || pageId > 2147483647) return null;
  const [page] = await livePages(db, pageId);
  return page ? withForm(db, page) : null;
}

/**
 * Every live page's screen, for the route table, the metadata endpoint and the permission tree; `forms`, the active
 * built forms when the caller has them already, spares reading each page's form again.
 */
export async function pageScreens(db: Knex, forms?: BuiltForm[]): Promise<PageScreen[]> {
  const out: PageScreen[] = [];
  for (const page of await livePages(db)) {
    const screen = await withForm(db, page, forms);
    if (screen) out.push(screen);
  }
  return out;
}

/** A page's module as the permission tree lists it: labelled by its PermissionsDisplayName. */
export function pageModule(page: Pick<PageHead, 'PageId' | 'PermissionsDisplayName'>): { name: string; label: string; category: string } {
  return { name: pageModuleName(page.PageId), label: page.PermissionsDisplayName.trim(), category: pagesCategory };
}

/**
 * In a transaction that changed a page or its form: the page's module and its route and field nodes follow the
 * page's screen (composed from the form as the transaction sees it).
 */
export async function syncPageNodes(trx: Knex, pageId: number): Promise<void> {
  const page: (PageHead & { FormId: number }) | undefined = await trx('pages').where({ PageId: pageId }).first(...headColumns);
  if (!page) return;
  const { screen, entity } = await composeInTransaction(trx, page.FormId);
  const composed = composePageScreen(page, screen);
  await syncModuleNodes(trx, pageModule(page), [composed], new Map([[composed.entity, entity as never]]));
}

/** After a change to a form's definition: each of its pages' nodes follow (new fields become field nodes). */
export async function syncPagesOfForm(trx: Knex, formId: number): Promise<void> {
  const pages: Array<{ PageId: number }> = await trx('pages').where({ FormId: formId }).select('PageId');
  for (const { PageId } of pages) await syncPageNodes(trx, PageId);
}
