import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { defaultMessages, formatMessage } from '../../../engine/core/messages.ts';
import type { AttributeDefinition, FormFieldInput, FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import type { FieldTypeDefinition } from '../../../engine/core/lowcode/field-types.ts';
import { attributeFaults } from '../../../engine/core/lowcode/attribute-faults.ts';
import { identifierFault } from '../../../engine/core/lowcode/compose-form.ts';

/**
 * The combined field editor's values and rules (spec 2 "Form field: UDF toggle"), kept apart from
 * the component so that the rules are tested on their own.
 */
export interface EditorValues {
  Name: string;
  ReportLabelText: string;
  IsUdf: boolean;
  IsActive: boolean;
  /** yyyy-MM-dd or ''. */
  StartDate: string;
  EndDate: string;
  FieldType: string;
  /**
   * By attribute name: the value as it will be sent, or, for a number typed that is not one, the
   * text itself (so the attribute's own check says what is wrong, as the server would).
   */
  AttributeValues: Record<string, unknown>;
}

/** Today as yyyy-MM-dd in the user's own time zone (a UDF's start is a calendar day). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function emptyValues(isUdf: boolean, today: string): EditorValues {
  return {
    Name: '', ReportLabelText: '', IsUdf: isUdf, IsActive: true, StartDate: isUdf ? today : '', EndDate: '', FieldType: '', AttributeValues: {},
  };
}

/** A stored field as editor values. */
export function valuesOf(field: FormFieldRecord): EditorValues {
  return {
    Name: field.Name,
    ReportLabelText: field.ReportLabelText ?? '',
    IsUdf: field.IsUdf,
    IsActive: field.IsActive,
    StartDate: field.StartDate?.slice(0, 10) ?? '',
    EndDate: field.EndDate?.slice(0, 10) ?? '',
    FieldType: field.FieldType,
    AttributeValues: { ...field.AttributeValues },
  };
}

/** The report label follows the name while it still reads as the old name (an untouched label). */
export function changeName(values: EditorValues, name: string): EditorValues {
  const follows = values.ReportLabelText === values.Name;
  return { ...values, Name: name, ReportLabelText: follows ? name : values.ReportLabelText };
}

/** A copy of a field: its values, the name (and a label that followed it) suffixed ' Copy'. */
export function copyOf(field: FormFieldRecord, isUdf: boolean, today: string): EditorValues {
  return setUdf(changeName(valuesOf(field), `${field.Name} Copy`), isUdf, today);
}

/** Turning IsUdf on gives an empty StartDate today's date (it becomes required); off leaves the dates, which are then not sent. */
export function setUdf(values: EditorValues, isUdf: boolean, today: string): EditorValues {
  return { ...values, IsUdf: isUdf, StartDate: isUdf && !values.StartDate ? today : values.StartDate };
}

/** A new type keeps the values of the attributes it shares with the old one (Required, say) and drops the rest. */
export function changeType(values: EditorValues, type: string, attributes: readonly AttributeDefinition[]): EditorValues {
  const kept = Object.fromEntries(attributes.filter((a) => Object.hasOwn(values.AttributeValues, a.name)).map((a) => [a.name, values.AttributeValues[a.name]]));
  return { ...values, FieldType: type, AttributeValues: kept };
}

/** What an attribute's input holds, as the value to keep: '' is "not set", a number when it reads as one. */
export function attributeInputValue(definition: AttributeDefinition, text: string): unknown {
  if (definition.type === 'integer' || definition.type === 'number') {
    if (text.trim() === '') return null;
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (definition.type === 'extensionList') {
    const list = text.split(',').map((e) => e.trim()).filter(Boolean);
    return list.length ? list : null;
  }
  if (definition.type === 'patternName' || definition.type === 'string') return text === '' ? null : text;
  return text;
}

/** The values of set attributes only: not set means the type's default applies. */
function setAttributes(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

/**
 * The attributes a save sends: each set one, and null for one cleared, since the server keeps a stored attribute a
 * save leaves out.
 */
function sentAttributes(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [name, v === undefined || v === '' ? null : v]));
}

/** What create, update and the type-change dry run are sent. A non-UDF has no active range. */
export function toInput(formId: number, values: EditorValues): FormFieldInput {
  return {
    FormId: formId,
    Name: values.Name.trim(),
    ReportLabelText: values.ReportLabelText.trim() || null,
    FieldType: values.FieldType,
    IsUdf: values.IsUdf,
    IsActive: values.IsActive,
    StartDate: values.IsUdf ? values.StartDate || null : null,
    EndDate: values.IsUdf ? values.EndDate || null : null,
    AttributeValues: sentAttributes(values.AttributeValues),
  };
}

/** The faults the server would find, with the same PropertyNames and messages: shown beside the inputs before anything is sent. */
export function editorFaults(values: EditorValues, typeLabel: string, attributes: readonly AttributeDefinition[] | null): ErrorItem[] {
  const faults: ErrorItem[] = [];
  const push = (PropertyName: string, ErrorMessage: string, ErrorCode: string) => faults.push({ PropertyName, ErrorMessage, ErrorCode });
  const name = values.Name.trim();
  if (!name) push('Name', formatMessage(defaultMessages.required, 'Name'), 'required');
  else {
    const fault = identifierFault(name);
    if (fault) push('Name', fault, 'invalidName');
  }
  if (!values.IsUdf && !values.ReportLabelText.trim()) push('ReportLabelText', formatMessage(defaultMessages.required, 'Report Label Text'), 'required');
  if (values.IsUdf) {
    if (!values.StartDate) push('StartDate', formatMessage(defaultMessages.required, 'Start Date'), 'required');
    else if (values.EndDate && values.EndDate < values.StartDate) push('EndDate', 'The start date must be on or before the end date.', 'dateOrder');
  }
  if (!values.FieldType) push('FieldType', formatMessage(defaultMessages.required, 'Form Field Type'), 'required');
  else if (attributes) {
    // attributeFaults reads only the type's label and attribute definitions: those the server answered for this type.
    const type = { label: typeLabel, attributes: [...attributes] } as unknown as FieldTypeDefinition;
    faults.push(...attributeFaults(type, setAttributes(values.AttributeValues)));
  }
  return faults;
}

/** A server item's PropertyName as the editor names its inputs (a composed form's `Fields.<i>.` prefix dropped). */
export function editorPropertyName(propertyName: string | null): string | null {
  return propertyName?.replace(/^Fields\.\d+\./, '') ?? null;
}
