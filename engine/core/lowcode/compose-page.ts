import type { ScreenDocument } from '../screen-document.ts';

/** What a page contributes to its screen: where it lives, what it is called and its node in the permission tree. */
export interface PageHead {
  PageId: number;
  Name: string;
  Description: string | null;
  PermissionsDisplayName: string;
  Route: string;
}

/** The screen id of a page ('page-4'), and back. */
export const pageScreenId = (pageId: number) => `page-${pageId}`;
export function pageIdOf(screenId: string): number | null {
  const match = /^page-([1-9][0-9]{0,9})$/.exec(screenId);
  return match ? Number(match[1]) : null;
}

/** A page's module in the permission tree ('Page4'): the node its PermissionsDisplayName labels. */
export const pageModuleName = (pageId: number) => `Page${pageId}`;

/** The records API of a page: the form's records, reached through the page's own access. */
export const pageRecordsApi = (pageId: number) => `/api/pages/${pageId}/records`;

/** The spec's Url of a page: its route with the first slash replaced by # ('/incidents' -> '#incidents'), kept as data. */
export const pageUrlOf = (route: string) => route.replace('/', '#');

/**
 * A page's screen: its form's records screen (list, create, update, delete, fields, rules) under the page's route,
 * title and module. The form's own screen stays as it is (administrators open it from Form Management); staff
 * reach the records through the page, and what they may do there is what the page's node grants.
 */
export function composePageScreen(page: PageHead, form: ScreenDocument): ScreenDocument {
  const formBase = form.routes.list ?? '';
  const routes = Object.fromEntries(Object.entries(form.routes).map(([kind, url]) => [kind, String(url).startsWith(formBase) ? page.Route + String(url).slice(formBase.length) : String(url)]));
  return {
    ...form,
    id: pageScreenId(page.PageId),
    title: page.Name,
    navLabel: page.Name,
    description: page.Description ?? form.description,
    module: pageModuleName(page.PageId),
    api: pageRecordsApi(page.PageId),
    routes: routes as ScreenDocument['routes'],
  };
}
