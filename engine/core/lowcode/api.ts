/**
 * The wire contract of the low-code core's administration calls (spec 2 section 7), shared by the server
 * (server/modules/forms, server/modules/lookups) and the browser (ui/screens/forms, ui/screens/simple-lookups).
 */
import type { AttributeDefinition } from './field-types.ts';
import type { StoredField } from './types.ts';

/** Paths of the calls; `:name` segments are filled by the caller. */
export const lowCodeApi = {
  /** Forms (module FormManagement): the generic list and record calls of screen 'forms'. */
  forms: '/api/forms',
  /** GET: the form's ordinary fields, in order (FormFieldRecord[]). */
  formFields: '/api/forms/:id/fields',
  /** GET: the form's UDFs, in order (FormFieldRecord[]). */
  formUdfs: '/api/forms/:id/udfs',
  /** POST { FormFieldIds }: the new order of the form's ordinary fields (all of them). */
  reorderFields: '/api/forms/:id/fields/reorder',
  /** POST { FormFieldIds }: the new order of the form's UDFs (all of them): the UDFs' own call. */
  reorderUdfs: '/api/forms/:id/udfs/reorder',
  /** GET: the form's definition revisions, newest first (FormRevision[]). */
  formRevisions: '/api/forms/:id/revisions',
  /** GET: the choices of a form's Source ({ Id, Name }[]). */
  formSources: '/api/forms/sources',
  /** GET: UDF descriptors a page adds to its form (UdfDescriptor[]). */
  readEav: '/api/forms/eav/:pageId',
  /** Records of a built form: GET list (the list query), POST create; /:id GET, POST update, DELETE; /:id/deactivate; /:id/history. */
  formRecords: '/api/forms/:id/records',

  /** Form fields (module FormField): POST create; /:id GET read, POST update, DELETE. */
  formField: '/api/formfields',
  /** GET ?isUdf=true|false: the field types (FieldTypeOption[]), optionally only those a UDF may have. */
  fieldTypes: '/api/formfields/types',
  /** GET: the attributes of one field type (AttributeDefinition[]). */
  fieldTypeAttributes: '/api/formfields/types/:type/attributes',
  /** Page fields (module PageField): GET the field types, as fieldTypes answers them (FieldTypeOption[]). */
  pageFieldTypes: '/api/pagefields/types',
  /** GET: the attributes of one field type, as fieldTypeAttributes answers them, for a page field of that type. */
  pageFieldTypeAttributes: '/api/pagefields/types/:type/attributes',
  /** GET: every active lookup list ({ Id, Name }[]), as lookupTablesAll answers it, for a page field's select type. */
  pageFieldLookupLists: '/api/pagefields/lookup-lists',
  /** GET: the field's schema definition ({ Type, LessThanOrEqualTo, Enabled }). */
  schemaDefinition: '/api/formfields/:id/schema-definition',
  /** POST FormFieldInput: what saving this field (a type change) would do to the stored values (TypeChangePreview). */
  typeChangePreview: '/api/formfields/:id/type-change-preview',

  /** Lookup table manager (module LookupTableManager): the generic list and record calls of screen 'lookuptables'. */
  lookupTables: '/api/lookup-tables',
  /** GET: every active lookup list ({ Id, Name }[]), for a select field's list attribute. */
  lookupTablesAll: '/api/lookup-tables/all',
  /** Simple lookups (module SimpleLookup). GET: the forms to choose from ({ Id, Name }[]; Id 0 is 'All lists'). */
  simpleLookupForms: '/api/simple-lookups/forms',
  /** GET: the lists of a form ({ Id, Name }[]); formId 0: every list. */
  simpleLookupLists: '/api/simple-lookups/forms/:formId/lists',
  /** GET: a list's items in order (SimpleLookupItem[]); POST: create one. */
  simpleLookupItems: '/api/simple-lookups/:tableId/items',
  /** GET, POST (update), DELETE one item. */
  simpleLookupItem: '/api/simple-lookups/:tableId/items/:id',
  /** POST { ItemIds }: the list's new order (all its items). */
  simpleLookupReorder: '/api/simple-lookups/:tableId/items/reorder',
  /** GET (search, ids): a list's active items as select options, for widgets whose source is `simple-lookup-<tableId>`. */
  simpleLookupOptions: '/api/lookups/simple-lookup-:tableId',
} as const;

/** A path with its `:name` segments filled. */
export function apiPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** A form field or UDF as the calls answer it. */
export interface FormFieldRecord {
  FormFieldId: number;
  FormId: number;
  Name: string;
  /** The property its values are stored under (the normalised Name, kept through renames). */
  StoredName: string;
  ReportLabelText: string | null;
  FieldType: string;
  IsUdf: boolean;
  IsActive: boolean;
  /** A reserved form's shipped field: it cannot be removed or retyped. */
  IsReserved: boolean;
  /** yyyy-MM-dd; a UDF's active range (null for an ordinary field). */
  StartDate: string | null;
  EndDate: string | null;
  SortOrder: number;
  AttributeValues: Record<string, unknown>;
  CreatedDate?: string | null;
  CreatedBy?: string | null;
  ModifiedDate?: string | null;
  ModifiedBy?: string | null;
  /** A type change under way (its values converting in the background), or the last one that failed; null: none. */
  TypeChange?: TypeChangeProgress | null;
}

/** An online type change's progress: Done of Total values converted from one field type to another; Message says why one failed. */
export interface TypeChangeProgress {
  State: 'Converting' | 'Failed';
  From: string;
  To: string;
  Done: number;
  Total: number;
  Message: string | null;
}

/** What create and update of a form field take: the stored field without its id; SortOrder is optional (a new field goes last). */
export type FormFieldInput = Omit<StoredField, 'FormFieldId' | 'FormId' | 'SortOrder'> & { FormId: number; SortOrder?: number };

export interface FieldTypeOption {
  /** The catalogue key ('text', 'selectOne', ...). */
  Id: string;
  Name: string;
  /** Whether a UDF may have this type. */
  UdfAllowed: boolean;
}

export type { AttributeDefinition };

/** The dry run of a type change: how many stored values convert, and those that would not (first 100). */
export interface TypeChangePreview {
  From: string;
  To: string;
  Total: number;
  Convertible: number;
  FailingCount: number;
  Failing: Array<{ RecordId: number; Value: string }>;
}

/** One change to a form's definition. */
export interface FormRevision {
  Revision: number;
  ChangedBy: string | null;
  ChangedAt: string;
  Summary: string;
}

/** A UDF a page adds to its form (spec 2 "Dynamic user-defined field descriptor"). */
export interface UdfDescriptor {
  DirectiveName: string;
  Properties: Record<string, unknown>;
}

/** A simple lookup list's item (spec 2 section 3). */
export interface SimpleLookupItem {
  Id: number;
  TableId: number;
  Name: string;
  Description: string | null;
  SortOrder: number;
  IsActive: boolean;
}

/** The refusal of a type change that would not convert every stored value. */
export const typeChangeRefusedCode = 'TypeChangeRefused';
