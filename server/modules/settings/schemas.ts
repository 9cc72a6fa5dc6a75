const text = { type: ['string', 'null'] };

/** A setting as the read and update calls answer it (spec 1 section 3 "Application setting"). */
export const settingResponse = {
  type: 'object',
  properties: {
    ConfigId: { type: 'integer' }, Name: { type: 'string' }, Description: { type: 'string' },
    TimeZone: { type: ['integer', 'null'] }, EmbeddedScreen: text,
    ConfigItems: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ConfigItemId: { type: 'integer' }, Name: { type: 'string' }, StaticName: { type: 'string' }, AttributeValue: text,
          SysType: { type: 'string' }, Description: text, FieldMessage: text,
          FormItemValidationConfig: { type: ['object', 'null'], additionalProperties: true },
        },
      },
    },
    CreatedBy: text, CreatedDate: { type: ['string', 'null'], format: 'date-time' },
    ModifiedBy: text, ModifiedDate: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;
