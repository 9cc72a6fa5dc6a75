/** The kinds of menu item (spec 2 "Menu item": 1 = URL link, 2 = module link; 'Separator' is one type). */
export const menuItemTypes = [
  { id: 1, name: 'URL Link' },
  { id: 2, name: 'Module Link' },
  { id: 3, name: 'Group' },
  { id: 4, name: 'Separator' },
] as const;

/** The seeded group that holds the forms administrators build (and every list screen no menu item names yet). */
export const formsGroupSystemName = 'FORMS';

/**
 * The menu a fresh installation starts with: the shipped list screens as module links on the first tier, in the
 * order the side navigation showed them, separators between the areas, and the Forms group. Rows an administrator
 * edits like any other.
 */
export const seededMenu: Array<{ name: string; type: 2 | 3 | 4; module?: string; systemName?: string }> = [
  { name: 'Users', type: 2, module: 'RegisterUser' },
  { name: 'Roles', type: 2, module: 'Role' },
  { name: 'Concurrent Sessions', type: 2, module: 'SessionManagement' },
  { name: 'My Account', type: 2, module: 'MyAccount' },
  { name: 'Separator', type: 4 },
  { name: 'Form Management', type: 2, module: 'FormManagement' },
  { name: 'Lookup Tables', type: 2, module: 'LookupTableManager' },
  { name: 'Simple Lookups', type: 2, module: 'SimpleLookup' },
  { name: 'Menu Items', type: 2, module: 'MenuItem' },
  { name: 'Pages', type: 2, module: 'PageManagement' },
  { name: 'Page Fields', type: 2, module: 'PageField' },
  { name: 'Application Settings', type: 2, module: 'ApplicationSettings' },
  { name: 'Separator', type: 4 },
  { name: 'Forms', type: 3, systemName: formsGroupSystemName },
];
