/** The report builder's wire shapes (builder-routes.ts). */
const field = { type: 'string', minLength: 1, maxLength: 200 } as const;
const title = { type: ['string', 'null'], maxLength: 200 } as const;

const spec = {
  FormId: { type: 'integer', minimum: 1 },
  Columns: {
    type: 'array', maxItems: 100,
    items: { type: 'object', additionalProperties: false, required: ['Field'], properties: { Field: field, Title: title, Total: { enum: ['sum', 'count', 'avg', null] } } },
  },
  Filters: {
    type: 'array', maxItems: 50,
    items: { type: 'object', additionalProperties: false, required: ['Field'], properties: { Field: field, Title: title } },
  },
  GroupBy: { type: ['string', 'null'], maxLength: 200 },
  Chart: {
    type: ['object', 'null'], additionalProperties: false, required: ['Kind', 'Label', 'Values'],
    properties: { Kind: { enum: ['bar', 'line', 'pie'] }, Title: title, Label: field, Values: { type: 'array', maxItems: 10, items: field } },
  },
} as const;

export const builderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ReportDispName', 'Category', 'FormId', 'Columns', 'Filters'],
  properties: {
    ReportDispName: { type: 'string', maxLength: 200 },
    Description: { type: ['string', 'null'], maxLength: 2000 },
    Category: { type: 'string', maxLength: 200 },
    RoleIds: { type: 'array', maxItems: 100, items: { type: 'integer' }, description: 'Roles given the report at once (needs module Role); none named: none changed.' },
    ...spec,
  },
} as const;

export const builderAnswer = {
  type: 'object',
  properties: {
    ReportId: { type: 'integer' }, FileName: { type: 'string' }, ReportDispName: { type: 'string' }, Description: { type: 'string' }, Category: { type: 'string' },
    RoleIds: { type: 'array', items: { type: 'integer' } },
    ...spec,
  },
} as const;

export const fieldsAnswer = {
  type: 'array',
  items: { type: 'object', properties: { Field: { type: 'string' }, Title: { type: 'string' }, Kind: { type: 'string' } } },
} as const;

export const builtListAnswer = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      ReportId: { type: 'integer' }, ReportDispName: { type: 'string' }, Description: { type: ['string', 'null'] }, Category: { type: ['string', 'null'] },
      FormId: { type: 'integer' }, FormName: { type: 'string' },
    },
  },
} as const;
