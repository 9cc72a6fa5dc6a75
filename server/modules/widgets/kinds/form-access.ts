import type { Knex } from 'knex';
import { pageModuleName } from '../../../../engine/core/lowcode/compose-page.ts';
import type { ScreenDocument } from '../../../../engine/core/screen-document.ts';
import type { Principal } from '../../../types.ts';
import { moduleAccessOf, type ModuleAccess } from '../../access/effective-access.ts';
import { builtForm } from '../../forms/built-forms.ts';
import { pageScreen } from '../../pages/page-screens.ts';

export interface FormReadAccess extends ModuleAccess {
  principal: Principal;
  /** The screen the access came through (the form's own or the page's): where its records open for this user. */
  routes: ScreenDocument['routes'];
}

/**
 * How a user may read a built form's records, as the record routes answer it: through the form's own module, else
 * through a page showing the form whose module they hold (staff granted a page need nothing else), the first such page
 * deciding the row rule and the field mask. Null when neither: the form answers as none.
 */
export async function formReadAccess(db: Knex, userId: number, formId: number): Promise<FormReadAccess | null> {
  const pages: number[] = (await db('pages').where({ FormId: formId, IsActive: true }).orderBy('PageId').select('PageId')).map((p: { PageId: number }) => p.PageId);
  const candidates: Array<[string, () => Promise<ScreenDocument | undefined>]> = [
    [`Form${formId}`, async () => (await builtForm(db, formId))?.screen],
    ...pages.map((pageId): [string, () => Promise<ScreenDocument | undefined>] => [pageModuleName(pageId), async () => (await pageScreen(db, pageId))?.screen]),
  ];
  for (const [module, screenOf] of candidates) {
    const access = await moduleAccessOf(db, userId, module);
    if (!access.holdsModule) continue;
    const screen = await screenOf();
    if (!screen) continue;
    return { ...access, routes: screen.routes, principal: { UserId: userId, Access: { viewAllRecords: access.viewAllRecords } } as Principal };
  }
  return null;
}
