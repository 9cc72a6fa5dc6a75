/**
 * A form an administrator built, as stored (spec 2 sections 3-5): plain rows, no behaviour. The
 * low-code core (compose-form.ts) turns them into the screen document and entity schema that
 * shipped screens use, so the renderer, validator, list and CRUD never know the difference.
 */

/** A form (spec 2 section 3 "Form"). */
export interface StoredForm {
  FormId: number;
  /** Shown as the screen's title; the routes are derived from it (see formNaming). */
  Name: string;
  Description: string | null;
  /** Whether the form allows user-defined fields (UDFs). */
  CanHaveEav: boolean;
  IsCircleable?: boolean;
  /** The access page of the form's records (their row actions and CircleAccess): stored forms have one. */
  AccessPageId?: number;
  /** A built-in entity's form: its shipped fields cannot be removed or retyped. */
  IsReserved?: boolean;
  IsActive: boolean;
  /** The report shown under each of its records (the report card), with what fills each parameter; none when null. */
  RecordReport?: RecordReportSetting | null;
}

/**
 * A record report: the report's file name, and for each of its parameters a field of the record (by id, so a rename
 * keeps it) or a fixed value.
 */
export interface RecordReportSetting {
  FileName: string;
  Params: Array<{ Param: string; FormFieldId?: number | null; Value?: string | null }>;
}

/** One field of a form, ordinary or user-defined (spec 2 section 3 "Form field"). */
export interface StoredField {
  FormFieldId: number;
  FormId?: number;
  /** The field's identifier as the administrator typed it; normalised by fieldIdentifier. */
  Name: string;
  /** The label shown; when empty (allowed for a UDF) the name stands in. */
  ReportLabelText: string | null;
  /** A key of the field-type catalogue (fieldTypes in field-types.ts). */
  FieldType: string;
  IsUdf: boolean;
  IsActive: boolean;
  /** A UDF's active range, ISO dates (yyyy-MM-dd); both null for an ordinary field. */
  StartDate: string | null;
  EndDate: string | null;
  SortOrder: number;
  /** The values of the type's attributes, by attribute name (see AttributeDefinition). */
  AttributeValues: Record<string, unknown>;
}

/** The spec's "schema definition for a field" (spec 2 section 3): its type, its upper bound, whether it is on. */
export interface FieldSchemaDefinition {
  Type: string;
  LessThanOrEqualTo: number | null;
  Enabled: boolean;
}
