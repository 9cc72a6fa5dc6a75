import { createBreadcrumbStore } from '../../engine/widgets/breadcrumbs/store.ts';
import { saveCrumbs, type Crumb } from '../../engine/widgets/breadcrumbs/logic.ts';

/**
 * The breadcrumb trail of the shell (spec 3 "Breadcrumbs"): kept in session storage, restored when a session starts
 * or is restored (this store reads it when the page loads), cleared when the session ends (ui/session/lifecycle.ts).
 */
export const useBreadcrumbs = createBreadcrumbStore(sessionStorage);

let restartNext = false;
let firstVisitOfLoad = true;

/** The page was (re)loaded: its first page joins the restored trail only when it is the trail's last page. */
export function pageLoaded(): void {
  firstVisitOfLoad = true;
}

/** The next page visited starts a new trail (a choice in the main menu). */
export function restartBreadcrumbs(): void {
  restartNext = true;
}

/**
 * The page now shown: Home ends the trail; a page chosen in the menu, or the first page of a load that is not the
 * trail's last page, starts a new one; any other page joins it. A page that replaced the last one in the history (a
 * record just created going on at its own address) takes that page's place on the trail too.
 */
export function visitPage(crumb: Crumb, isHome: boolean, replaced = false): void {
  const store = useBreadcrumbs.getState();
  if (isHome) {
    restartNext = false;
    if (store.crumbs.length) store.clear();
    return;
  }
  // A reload keeps the trail; an address typed or a link opened from outside starts a new one.
  const last = store.crumbs.at(-1);
  const openedFromOutside = firstVisitOfLoad && last !== undefined && pathOf(last.url) !== pathOf(crumb.url);
  firstVisitOfLoad = false;
  if (restartNext || openedFromOutside) {
    restartNext = false;
    store.clear();
  }
  const before = useBreadcrumbs.getState().crumbs;
  const gone = replaced && before.length > 0 && pathOf(before.at(-1)!.url) !== pathOf(crumb.url);
  const crumbs = trailAfter(gone ? before.slice(0, -1) : before, crumb);
  saveCrumbs(sessionStorage, crumbs);
  useBreadcrumbs.setState({ crumbs });
}

const pathOf = (url: string) => url.split('?')[0];

/**
 * The trail after visiting a page: a page already on the trail (by its path: a list keeps its place whatever its
 * search, sort or page) cuts the trail there and takes the new address; a new page is appended.
 */
export function trailAfter(crumbs: readonly Crumb[], crumb: Crumb): Crumb[] {
  const at = crumbs.findIndex((c) => pathOf(c.url) === pathOf(crumb.url));
  return at >= 0 ? [...crumbs.slice(0, at), crumb] : [...crumbs, crumb];
}
