import { createContext, useContext, type ReactNode } from 'react';
import type { SelectOption } from './shared/types.ts';
import type { PermissionTree } from '../core/access/types.ts';

/** A country from the server: the United States is recognised by its Name 'UNITED STATES'. */
export interface Country { Id: number; Name: string }

/** A state of the United States. */
export interface UsState { Id: number; Name: string; Abbreviation?: string }

/** An uploaded file's record (spec 3 "Uploaded file"). */
export interface UploadedFile {
  Id?: number;
  Name: string;
  Description: string;
  FileName: string;
  UserFileName: string;
  IsActive: boolean;
}

/** Which upload endpoint a file goes to: files carry a name and description, images and the client logo only the file. */
export type UploadKind = 'file' | 'image' | 'clientlogo';

/** One level of a wizard hierarchy (spec 3 "Wizard node" config: Name and ChildApiUrl). */
export interface WizardLevel { Name: string; ChildApiUrl: string }

/** A wizard node as the server sends it. */
export interface WizardNodeData { Id: number; Name: string; ParentId: number | null }

/**
 * What an upload is for: the module of the screen whose field it fills, and the record that screen updates (the
 * server refuses an upload for a module the user does not hold).
 */
export interface UploadTarget {
  module?: string;
  recordId?: number;
}

/**
 * Everything the widget library needs from the server. The application implements it over its API
 * client; stories and tests pass fakes. Each method is one call of spec 3 section 7 "Widget support".
 */
export interface WidgetDataSource {
  /** GET all countries. */
  loadCountries(): Promise<Country[]>;
  /** GET all states. */
  loadStates(): Promise<UsState[]>;
  /** GET phone number types. */
  loadPhoneNumberTypes(): Promise<SelectOption[]>;
  /**
   * Options of a named lookup. With `search`, only the options matching the text (big-data mode:
   * the server is asked by search text and never for the whole list). With `ids`, just those options
   * (to show the names of values already chosen in a lazy select). `params` are the lookup's own query
   * parameters (ui:options sourceQuery: a menu item's parents are asked with currentMenuItemId).
   */
  loadOptions(source: string, query: { search?: string; ids?: number[]; params?: Record<string, string> }): Promise<SelectOption[]>;
  /** POST a file (multipart: file, and name and description for kind 'file'); reports progress 0..1. */
  uploadFile(
    file: File,
    meta: { kind: UploadKind; name?: string; description?: string } & UploadTarget,
    onProgress: (fraction: number) => void,
  ): Promise<UploadedFile>;
  /** GET verify file: true when the server still has it. */
  verifyFile(fileName: string): Promise<boolean>;
  /** GET file download by fileName and userFileName (the app triggers it through a hidden frame). */
  downloadFile(fileName: string, userFileName: string): Promise<void>;
  /** The image route's address for a stored image in a container. */
  imageUrl(fileName: string, container: string): string;
  /**
   * A stored image's bytes, fetched with the session: the app shows a record's images this way, since the server
   * shows them only to those who may read the record. Without it, images are shown from imageUrl.
   */
  loadImage?(fileName: string, container: string): Promise<Blob>;
  /** One GET per hierarchy level, with the parent's Id (null for the top level). */
  loadWizardLevel(level: WizardLevel, parentId: number | null): Promise<WizardNodeData[]>;
  /**
   * The permission tree of the module access editor. With `roleId`: a role's grants (a new role: none, every
   * node without access). With `roleIds`: the access those roles give together, which a user inherits (no
   * roles: none).
   */
  loadPermissionTree(query: PermissionTreeQuery): Promise<PermissionTree>;
  /** The global file size cap in MB that no field's maxFileSizeMB may exceed. */
  maxFileSizeMB: number;
  /**
   * Shows a named notice (spec 3 section 8: 'Read', 'UploadCreate', 'UploadRead', 'Reorder', ...)
   * in the app's notification area, with the error behind it. Optional: without it, widgets show
   * their own short inline message.
   */
  notify?(notice: WidgetNotice, error?: unknown): void;
}

/** Which permission tree to load: one role's (role mode), or what some roles give together (user mode). */
export interface PermissionTreeQuery { roleId?: number; roleIds?: number[] }

/** The named notices widgets raise. */
export type WidgetNotice = 'Read' | 'UploadCreate' | 'UploadRead' | 'UploadDelete' | 'Reorder';

function notProvided(name: string): never {
  throw new Error(`WidgetDataSource.${name} is not provided: wrap the form in <WidgetDataProvider>.`);
}

/** The source used when no provider is present: every call fails loudly rather than returning nothing. */
export const missingDataSource: WidgetDataSource = {
  loadCountries: async () => notProvided('loadCountries'),
  loadStates: async () => notProvided('loadStates'),
  loadPhoneNumberTypes: async () => notProvided('loadPhoneNumberTypes'),
  loadOptions: async () => notProvided('loadOptions'),
  uploadFile: async () => notProvided('uploadFile'),
  verifyFile: async () => notProvided('verifyFile'),
  downloadFile: async () => notProvided('downloadFile'),
  imageUrl: () => notProvided('imageUrl'),
  loadWizardLevel: async () => notProvided('loadWizardLevel'),
  loadPermissionTree: async () => notProvided('loadPermissionTree'),
  maxFileSizeMB: 1024,
};

const WidgetDataContext = createContext<WidgetDataSource>(missingDataSource);

/** Supplies the server calls to every widget below it. */
export function WidgetDataProvider({ source, children }: { source: WidgetDataSource; children: ReactNode }) {
  return <WidgetDataContext.Provider value={source}>{children}</WidgetDataContext.Provider>;
}

/** The server calls of the nearest WidgetDataProvider. */
export function useWidgetData(): WidgetDataSource {
  return useContext(WidgetDataContext);
}
