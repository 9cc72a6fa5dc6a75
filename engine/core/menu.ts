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
