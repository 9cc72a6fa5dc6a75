/** The Fastify schemas of the reports calls (the contract: wire names in the specification's PascalCase). */
const text = { type: 'string' } as const;
const id = { type: 'integer', minimum: 1 } as const;
const nullableText = { type: ['string', 'null'] } as const;
const numberMap = { type: 'object', additionalProperties: { type: 'number' } } as const;
const keyValues = { type: 'array', items: { type: 'object', properties: { Key: text, Value: text } } } as const;

export const categoriesAnswer = { type: 'array', items: { type: 'object', properties: { CategoryId: id, Title: text, DisplayOrder: { type: 'integer' } } } } as const;

export const reportsAnswer = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      ReportId: id, ReportDispName: text, Description: text, DisplayOrder: { type: 'integer' }, CategoryId: id, ReportCategoryId: id,
      FileName: text, IsFavorite: { type: 'boolean' }, UserFavoriteReportId: { type: ['integer', 'null'] }, ShowHelpText: { type: 'boolean' }, HelpText: text,
    },
  },
} as const;

export const parametersQuery = { type: 'object', properties: { reportCategoryId: id, reportId: id } } as const;

export const parametersAnswer = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      ParameterId: id, Param: text, Title: text, ControlType: { type: 'integer' }, DefaultValue: nullableText, DisplayOrder: { type: 'integer' },
      ParentIds: text, IsAllAllowed: { type: 'boolean' }, AllOptionValue: nullableText, ShowFilter: { type: 'boolean' },
      ShowHelpText: { type: 'boolean' }, HelpText: text, Value: nullableText,
    },
  },
} as const;

export const parameterValuesQuery = {
  type: 'object', required: ['parameterId'], properties: { parameterId: id, value: { type: 'string', maxLength: 200, default: '' } },
} as const;

export const dependentValuesQuery = {
  type: 'object',
  required: ['filterId', 'childId'],
  properties: { filterId: id, childId: id, paramName: { type: 'string', maxLength: 63 }, parentId: { type: 'string', maxLength: 4000, default: '' } },
} as const;

export const optionsAnswer = keyValues;

const wireValue = { anyOf: [{ type: 'string', maxLength: 4000 }, { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 200 } }, { type: 'null' }] } as const;
const sorts = {
  type: 'array', maxItems: 20,
  items: { type: 'object', required: ['Field', 'Dir'], additionalProperties: false, properties: { Field: { type: 'string', maxLength: 63 }, Dir: { enum: ['asc', 'desc'] } } },
} as const;
const params = { type: 'object', maxProperties: 100, additionalProperties: wireValue } as const;

export const runBody = {
  type: 'object',
  required: ['ReportId', 'Page', 'PageSize'],
  additionalProperties: false,
  properties: { ReportId: id, Params: params, Page: { type: 'integer', minimum: 1, maximum: 1_000_000 }, PageSize: { type: 'integer', minimum: 10, maximum: 1000 }, Sorts: sorts },
} as const;

export const exportBody = {
  type: 'object', required: ['ReportId'], additionalProperties: false, properties: { ReportId: id, Params: params, Sorts: sorts },
} as const;

export const exportQuery = { type: 'object', required: ['format'], properties: { format: { enum: ['csv', 'xlsx', 'pdf'] } } } as const;

export const runAnswer = {
  type: 'object',
  properties: {
    Columns: { type: 'array', items: { type: 'object', properties: { Name: text, Title: text, Type: text, Total: text } } },
    Rows: { type: 'array', items: { type: 'object', additionalProperties: true } },
    Total: { type: 'integer' },
    Totals: numberMap,
    Groups: { type: 'array', items: { type: 'object', properties: { Key: text, Totals: numberMap } } },
    Chart: {
      type: 'object',
      properties: {
        Kind: text, Title: text, Labels: { type: 'array', items: text },
        Series: { type: 'array', items: { type: 'object', properties: { Name: text, Title: text, Values: { type: 'array', items: { type: 'number' } } } } },
      },
    },
  },
} as const;

const favoriteParam = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 63 }, value: wireValue, controlType: { type: 'integer', minimum: 0, maximum: 6 }, parameterId: { type: ['integer', 'null'] }, valueId: wireValue },
} as const;

export const favoriteBody = {
  type: 'object',
  required: ['reportId', 'name'],
  additionalProperties: false,
  properties: { reportId: id, name: { type: 'string', maxLength: 200 }, params: { type: 'array', maxItems: 100, items: favoriteParam } },
} as const;

export const favoritesQuery = { type: 'object', required: ['reportId'], properties: { reportId: id } } as const;

export const favoritesAnswer = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      UserFavoriteReportId: id, Name: text,
      Params: { type: 'array', items: { type: 'object', properties: { Name: text, Value: {}, ControlType: { type: 'integer' }, ParameterId: { type: ['integer', 'null'] }, ValueId: {} } } },
    },
  },
} as const;

export const favoriteSaved = { type: 'object', properties: { UserFavoriteReportId: id } } as const;
