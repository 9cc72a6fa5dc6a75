/**
 * The permission tree (spec 3 "Permission node" and "Category") as the server sends it to the module
 * access editor, and what the editor sends back. Pure data, shared by browser and server.
 *
 * Node types: a module, and under it its route nodes (create, update, delete: the 'module-button' access)
 * and field nodes (one per form field of the module's screens: the 'module-field' access). Route and field
 * nodes are derived from the screen documents, so a new screen adds its nodes with no code.
 */
export type PermissionNodeType = 'module' | 'route' | 'field';

export interface PermissionCategory {
  CategoryId: number;
  ParentCategoryId: number | null;
  Name: string;
  Title: string;
  DisplayOrder: number;
}

export interface PermissionNode {
  Id: number;
  Type: PermissionNodeType;
  /** The module's name ('RegisterUser'), a route's name ('users.create'), a field's name ('users.EmailAddress'). */
  Name: string;
  Label: string;
  /** The module node's Id (a module's own Id for a module node). */
  ModuleId: number;
  /** The module node for route and field nodes; null for modules. */
  ParentId: number | null;
  /** Modules only: the category they are listed under. */
  CategoryId: number | null;
  SortOrder: number;
  /** False: the checkbox is disabled (the node cannot be granted through this editor). */
  AllowUse: boolean;
  /** Modules only: whether 'View All Records' is offered. */
  AllowViewAllRecords: boolean;
  /** Role mode: the role's grant. User mode: the access inherited from the user's roles (read-only). */
  HasAccess: boolean;
  ViewAllRecords: boolean;
  /** Field nodes: granted read-only (shown, not changeable) rather than editable. */
  ReadOnly: boolean;
  /** Modules with a screen: what the module opens, a page, a built form's records or a screen of the application. */
  Kind?: 'Page' | 'Form' | 'Screen';
  /** Modules with a screen: one line saying what the module opens, and where. */
  Hint?: string;
}

export interface PermissionTree {
  Categories: PermissionCategory[];
  Nodes: PermissionNode[];
}

/** A role's grant of one node, as a role save sends it: only nodes with access, a child only with its parent. */
export interface RolePermission {
  Id: number;
  HasAccess: boolean;
  ViewAllRecords: boolean;
  /** A field node only: read-only rather than editable (spec 2 section 6, a permission enables or disables a field). */
  ReadOnly?: boolean;
}

/**
 * A user's override of one node (spec 1 "Permission entry"). With overrideHasAccess the user's own HasAccess
 * replaces what the roles give (so it can deny what a role grants); likewise for ViewAllRecords.
 */
export interface UserPermission {
  Id: number;
  overrideHasAccess: boolean;
  HasAccess: boolean;
  overrideViewAllRecords: boolean;
  ViewAllRecords: boolean;
  /** A field node only, with overrideHasAccess and HasAccess: the user's own level is read-only. */
  ReadOnly?: boolean;
}
