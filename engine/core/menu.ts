/** The main menu's contract between the server's menu-all call and the browser's menu (spec 2 "Menu nodes from the server"). */

/** A node of the main menu as menu-all answers it. */
export interface MenuNode {
  /** Null for a list screen shown only because no menu item names it yet. */
  MenuItemId: number | null;
  LinkText: string;
  URL: string | null;
  Target: string | null;
  HasAccess: boolean;
  IsAlwaysVisible: boolean;
  MenuItemType: { Id: number; Name: string };
  Children: MenuNode[];
}

/** Menu item types (menu_item_types): 1 URL link, 2 module link, 3 group, 4 separator. */
export const menuItemTypes = { url: 1, module: 2, group: 3, separator: 4 } as const;

/** Spec 2 section 9: up to five tiers. */
export const maxMenuTiers = 5;

/** Characters the URL parser drops (tabs, newlines) or reads as '/' (a backslash), and other controls and spaces. */
const unclearCharacters = /[\\\s\u0000-\u001f\u007f]/;

/**
 * A page of this application: a path the browser resolves on this origin. Decided as the browser decides, by resolving
 * it against the origin, so '//host', '/\host' and '/\t/host' (the parser drops tabs and newlines, and reads '\' as '/')
 * are other sites; an address holding any such character is no page of ours, whatever it resolves to.
 */
export function isAppPath(url: string, origin = 'https://app.invalid'): boolean {
  if (!url.startsWith('/') || unclearCharacters.test(url)) return false;
  try {
    return new URL(url, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/** A web address of another site: http(s), with a host, and nothing the parser would drop or reread. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\/[^/\\?#]/i.test(url) && !unclearCharacters.test(url);
}

/** What a URL link may hold: a page of this application, or a web address (never 'javascript:' or the like). */
export const menuUrlMessage = 'Url must be a web address starting with http:// or https://, or a page of this application starting with a single /.';
