import { defaultMessages } from '../messages.ts';
import { MAX_INTEGER, MIN_INTEGER, specFormats } from '../validation/patterns.ts';
import {
  boundAttributes, boundKeywords, countAttributes, decimalPlacesAttribute, formattedTextWidgets, idName, isoDate, limitedText,
  lookupListAttribute, nullable, options, requiredAttribute, selectionBounds, textAttributes, textSchema,
} from './field-type-parts.ts';

/** The PostgreSQL type a field's value is stored in (a column of the form's table, or a key of its UDF jsonb). */
export type ColumnType = 'text' | 'integer' | 'numeric' | 'date' | 'boolean' | 'jsonb';

/** How an attribute value is checked: its JSON type, or a pattern name, or a list of file extensions. */
export type AttributeType = 'integer' | 'number' | 'string' | 'boolean' | 'patternName' | 'extensionList';

/** One attribute of a field type: what an administrator sets on a field of that type. */
export interface AttributeDefinition {
  name: string;
  label: string;
  type: AttributeType;
  minimum?: number;
  maximum?: number;
  /** The attribute must be given (a select's lookup list). */
  required?: boolean;
  /** The value used when the field has none (shown to the administrator as the attribute's default). */
  default?: unknown;
  /** What it becomes: the validation keyword of engine/core, or the ui:option of the widget. */
  mapsTo: string;
}

/** A field's attribute values with the type's defaults filled in. */
export type Attributes = Record<string, unknown>;

/** One field type of the catalogue. */
export interface FieldTypeDefinition {
  key: FieldTypeKey;
  label: string;
  columnType: ColumnType;
  /** Offered as a sortable / searchable list column (a scalar shown as it is stored). */
  sortable: boolean;
  searchable: boolean;
  /** Offered as a list column showing its items' names (which the server reads beside the stored ids). */
  listedByName?: boolean;
  attributes: AttributeDefinition[];
  /** The JSON Schema of the value (without title or required-ness, which compose adds), from the attribute values. */
  valueSchema: (attributes: Attributes, required: boolean) => Record<string, unknown>;
  /** The field's uiSchema entry: the widget or field of the widget library and its ui:options. */
  uiSchema: (attributes: Attributes) => Record<string, unknown>;
  /** The spec's "schema definition" Type (text types read 'text', so LessThanOrEqualTo is their maximum length). */
  schemaType: string;
}

export type FieldTypeKey =
  | 'text' | 'textArea' | 'richText' | 'integer' | 'decimal' | 'currency' | 'percentage' | 'date' | 'dateTime' | 'dateRange'
  | 'yesNo' | 'selectOne' | 'selectMany' | 'specifyOther' | 'phoneList' | 'address' | 'fileUpload' | 'image';

/** The phone list's own text for too many entries (spec 2 section 5, worded as given; the widget library holds the same). */
const PHONE_LIST_MAX = 'You have exceeded the maxium number of permitted additonal items.';

/** Pattern names an attribute may choose: the shared patterns of engine/core/validation plus ajv's email and url. */
export const patternNames: readonly string[] = [...Object.keys(specFormats), 'email', 'url'];

/** The options source of a select on a simple lookup list. */
export function lookupSource(lookupListId: unknown): string {
  return `simple-lookup-${String(lookupListId)}`;
}

/** The catalogue of field types, by key: each type's value schema, widget, storage and attributes. */
export const fieldTypes: Readonly<Record<FieldTypeKey, FieldTypeDefinition>> = {
  text: {
    key: 'text', label: 'Text', columnType: 'text', sortable: true, searchable: true, schemaType: 'text',
    attributes: [...textAttributes(200, 2000), { name: 'pattern', label: 'Pattern', type: 'patternName', mapsTo: 'format' }],
    valueSchema: textSchema,
    uiSchema: (a) => ({ 'ui:widget': (typeof a.pattern === 'string' && formattedTextWidgets[a.pattern]) || 'text' }),
  },
  textArea: {
    key: 'textArea', label: 'Text Area', columnType: 'text', sortable: false, searchable: true, schemaType: 'text',
    attributes: textAttributes(2000, 8000),
    valueSchema: textSchema,
    uiSchema: () => ({ 'ui:widget': 'textarea' }),
  },
  richText: {
    key: 'richText', label: 'Rich Text', columnType: 'text', sortable: false, searchable: false, schemaType: 'text',
    attributes: [requiredAttribute, { name: 'maxLength', label: 'Maximum Length', type: 'integer', minimum: 1, maximum: 100000, default: 8000, mapsTo: 'maxLength' }],
    // Marked as HTML so the server sanitises it on every write (server/lib/rich-text.ts), as it does shipped screens' rich text.
    valueSchema: (a, required) => ({ ...textSchema(a, required), contentMediaType: 'text/html' }),
    uiSchema: () => ({ 'ui:widget': 'richtext' }),
  },
  integer: {
    key: 'integer', label: 'Integer', columnType: 'integer', sortable: true, searchable: false, schemaType: 'integer',
    attributes: [requiredAttribute, ...boundAttributes(MIN_INTEGER, MAX_INTEGER)],
    // The column is a 32-bit integer: without a bound of its own the value stays within it.
    valueSchema: (a, required) => ({ type: nullable('integer', required), minimum: MIN_INTEGER, maximum: MAX_INTEGER, ...boundKeywords(a) }),
    uiSchema: () => ({}), // RJSF's own number input, as shipped screens draw numbers
  },
  decimal: {
    key: 'decimal', label: 'Decimal', columnType: 'numeric', sortable: true, searchable: false, schemaType: 'number',
    attributes: [requiredAttribute, ...boundAttributes(), decimalPlacesAttribute(2)],
    valueSchema: (a, required) => ({ type: nullable('number', required), ...boundKeywords(a), decimalPlaces: a.decimalPlaces }),
    uiSchema: () => ({}), // RJSF's own number input, as shipped screens draw numbers
  },
  currency: {
    key: 'currency', label: 'Currency', columnType: 'numeric', sortable: true, searchable: false, schemaType: 'number',
    attributes: [requiredAttribute, ...boundAttributes()],
    valueSchema: (a, required) => ({ type: nullable('number', required), ...boundKeywords(a), decimalPlaces: 2 }),
    uiSchema: () => ({ 'ui:widget': 'currency', 'ui:options': { currency: 'USD' } }),
  },
  percentage: {
    key: 'percentage', label: 'Percentage', columnType: 'numeric', sortable: true, searchable: false, schemaType: 'number',
    attributes: [requiredAttribute, ...boundAttributes(), decimalPlacesAttribute(2, 6)],
    valueSchema: (a, required) => ({ type: nullable('number', required), ...boundKeywords(a), decimalPlaces: a.decimalPlaces }),
    uiSchema: (a) => ({ 'ui:widget': 'percentage', ...options({ decimals: a.decimalPlaces }) }),
  },
  date: {
    key: 'date', label: 'Date', columnType: 'date', sortable: true, searchable: false, schemaType: 'date',
    attributes: [requiredAttribute],
    valueSchema: (_a, required) => isoDate(required),
    uiSchema: () => ({ 'ui:widget': 'date' }),
  },
  dateTime: {
    // Stored as the ISO string in UTC the client sends (spec 1 section 5): in UTC, text orders as time does, and
    // a query that needs time casts it (::timestamptz).
    key: 'dateTime', label: 'Date and Time', columnType: 'text', sortable: true, searchable: false, schemaType: 'date',
    attributes: [requiredAttribute],
    valueSchema: (_a, required) => ({ type: nullable('string', required), format: 'date-time' }),
    uiSchema: () => ({ 'ui:widget': 'date-time' }),
  },
  dateRange: {
    key: 'dateRange', label: 'Date Range', columnType: 'jsonb', sortable: false, searchable: false, schemaType: 'object',
    attributes: [requiredAttribute, { name: 'allowSameDay', label: 'Allow Same Day', type: 'boolean', default: false, mapsTo: 'ui:options.allowSameDay' }],
    valueSchema: (_a, required) => ({
      type: nullable('object', required),
      additionalProperties: false,
      properties: { StartDate: { ...isoDate(false), title: 'Start Date' }, EndDate: { ...isoDate(false), title: 'End Date' } },
      ...(required ? { required: ['StartDate'] } : {}),
    }),
    uiSchema: (a) => ({ 'ui:field': 'dateRange', ...options({ allowSameDay: a.allowSameDay === true ? true : undefined }) }),
  },
  yesNo: {
    key: 'yesNo', label: 'Yes/No', columnType: 'boolean', sortable: true, searchable: false, schemaType: 'boolean',
    attributes: [requiredAttribute, { name: 'activeLabel', label: 'Label While On', type: 'string', maximum: 200, mapsTo: 'ui:options.activeLabel' }],
    valueSchema: (_a, required) => ({ type: nullable('boolean', required), default: false }),
    uiSchema: (a) => ({ 'ui:widget': 'toggleButton', ...options({ activeLabel: a.activeLabel }) }),
  },
  selectOne: {
    key: 'selectOne', label: 'Select One', columnType: 'integer', sortable: false, searchable: false, listedByName: true, schemaType: 'integer',
    attributes: [requiredAttribute, lookupListAttribute],
    // The select's 'Please Select' is -1: required, it reads '{0} is required.'; optional, the server stores it as null.
    valueSchema: (_a, required) => (required
      ? { type: 'integer', notEqualTo: -1, messages: { notEqualTo: defaultMessages.required } }
      : { type: ['integer', 'null'] }),
    uiSchema: (a) => ({ 'ui:widget': 'select', 'ui:options': { source: lookupSource(a.lookupListId) } }),
  },
  selectMany: {
    key: 'selectMany', label: 'Select Many', columnType: 'jsonb', sortable: false, searchable: false, listedByName: true, schemaType: 'array',
    attributes: [requiredAttribute, lookupListAttribute, ...countAttributes('minSelections', 'maxSelections', ['Minimum Selections', 'Maximum Selections'], ['ui:options.minSelections', 'ui:options.maxSelections'])],
    valueSchema: (_a, required) => ({
      type: nullable('array', required),
      items: { type: 'integer', minimum: 1 },
      uniqueItems: true,
      ...selectionBounds(required),
    }),
    uiSchema: (a) => ({ 'ui:widget': 'selectMany', ...options({ source: lookupSource(a.lookupListId), minSelections: a.minSelections, maxSelections: a.maxSelections }) }),
  },
  specifyOther: {
    key: 'specifyOther', label: 'Specify Other', columnType: 'jsonb', sortable: false, searchable: false, schemaType: 'array',
    // Counts are of active entries, which the widget's rule checks (with the specification's texts).
    attributes: [requiredAttribute, ...countAttributes('min', 'max', ['Minimum Entries', 'Maximum Entries'], ['ui:options.min', 'ui:options.max'])],
    valueSchema: (_a, required) => ({
      type: nullable('array', required),
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Name'],
        properties: { Id: { type: 'integer' }, IsActive: { type: 'boolean' }, Name: limitedText('Name') },
      },
    }),
    uiSchema: (a) => ({ 'ui:field': 'specifyOther', ...options({ min: a.min, max: a.max }) }),
  },
  phoneList: {
    key: 'phoneList', label: 'Phone List', columnType: 'jsonb', sortable: false, searchable: false, schemaType: 'array',
    attributes: [requiredAttribute, ...countAttributes('min', 'max', ['Minimum Phone Numbers', 'Maximum Phone Numbers'], ['ui:options.min', 'ui:options.max'])],
    valueSchema: (a, required) => ({
      type: nullable('array', required),
      ...(typeof a.max === 'number' ? { maxItems: a.max, messages: { maxItems: PHONE_LIST_MAX } } : {}),
      items: {
        type: 'object',
        properties: {
          IsPrimary: { type: 'boolean' },
          PhoneNumberType: idName,
          CountryCode: limitedText('Country Code', 10),
          PhoneNumber: limitedText('Phone Number', 50),
          Extension: { type: ['string', 'null'], title: 'Extension', maxLength: 20 },
        },
      },
    }),
    uiSchema: (a) => ({ 'ui:field': 'phoneList', ...options({ min: a.min, max: a.max }) }),
  },
  address: {
    key: 'address', label: 'Address', columnType: 'jsonb', sortable: false, searchable: false, schemaType: 'object',
    attributes: [requiredAttribute],
    valueSchema: (_a, required) => ({
      type: nullable('object', required),
      properties: {
        Country: idName, Address1: limitedText('Address 1'), Address2: limitedText('Address 2'), City: limitedText('City'),
        State: idName, ZipCode: limitedText('Zip Code', 10), ProvinceRegion: limitedText('Province/Region'), PostalCode: limitedText('Postal Code', 20),
      },
    }),
    uiSchema: () => ({ 'ui:field': 'address' }),
  },
  fileUpload: {
    key: 'fileUpload', label: 'File Upload', columnType: 'jsonb', sortable: false, searchable: false, schemaType: 'array',
    // Count, size and extension are checked by the uploader's rule and, for stored files, by the server (fieldFileLimits).
    attributes: [
      requiredAttribute,
      { name: 'maxUploads', label: 'Maximum Uploads', type: 'integer', minimum: 1, maximum: 100, mapsTo: 'ui:options.maxUploads' },
      { name: 'maxFileSizeMB', label: 'Maximum File Size (MB)', type: 'number', minimum: 0.01, maximum: 1024, mapsTo: 'ui:options.maxFileSizeMB' },
      { name: 'extensions', label: 'Allowed Extensions', type: 'extensionList', mapsTo: 'ui:options.extensions' },
    ],
    valueSchema: (_a, required) => ({
      type: nullable('array', required),
      items: {
        type: 'object',
        required: ['FileName'],
        properties: {
          Id: { type: 'integer' }, Name: limitedText('Name', 255), Description: limitedText('Description', 2000),
          FileName: limitedText('File Name', 64), UserFileName: limitedText('File Name', 255), IsActive: { type: 'boolean' },
        },
      },
    }),
    uiSchema: (a) => ({ 'ui:field': 'fileUploader', ...options({ maxUploads: a.maxUploads, maxFileSizeMB: a.maxFileSizeMB, extensions: a.extensions }) }),
  },
  image: {
    key: 'image', label: 'Image', columnType: 'jsonb', sortable: false, searchable: false, schemaType: 'object',
    attributes: [requiredAttribute, { name: 'maxFileSizeMB', label: 'Maximum File Size (MB)', type: 'number', minimum: 0.01, maximum: 1024, mapsTo: 'ui:options.maxFileSizeMB' }],
    valueSchema: (_a, required) => ({
      type: nullable('object', required),
      properties: { FileName: limitedText('File Name', 64), UserFileName: limitedText('File Name', 255) },
    }),
    uiSchema: (a) => ({ 'ui:field': 'imageUpload', 'ui:options': { uploadType: 'image', ...(a.maxFileSizeMB ? { maxFileSizeMB: a.maxFileSizeMB } : {}) } }),
  },
};

/** The catalogue entry of a stored type key, or undefined for an unknown one. */
export function fieldTypeOf(key: string): FieldTypeDefinition | undefined {
  return Object.hasOwn(fieldTypes, key) ? fieldTypes[key as FieldTypeKey] : undefined;
}

/** A field's attribute values with the type's defaults for those not given. */
export function withDefaults(type: FieldTypeDefinition, values: Record<string, unknown>): Attributes {
  const out: Attributes = {};
  for (const attribute of type.attributes) {
    const value = values[attribute.name];
    out[attribute.name] = value === undefined || value === null ? attribute.default : value;
  }
  return out;
}
