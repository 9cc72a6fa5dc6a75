import widget from '../../../metadata/entities/Widget.json' with { type: 'json' };

const { $id: _id, $schema: _schema, ...definition } = widget;
/** A widget's definition as the manager writes it (its id comes from the path). */
export const widgetBody = definition;

export const widgetIdParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

export const arrangeBody = {
  type: 'object',
  required: ['RoleId', 'WidgetIds'],
  additionalProperties: false,
  properties: {
    RoleId: { type: 'integer' },
    WidgetIds: { type: 'array', items: { type: 'integer' }, description: "Every widget placed on the role's home, each once, in the new order." },
  },
} as const;

export const roleQuery = { type: 'object', required: ['roleId'], properties: { roleId: { type: 'integer' } } } as const;
export const formQuery = { type: 'object', required: ['formId'], properties: { formId: { type: 'integer' } } } as const;

const homeWidget = {
  type: 'object',
  required: ['WidgetId', 'Kind', 'Title', 'Size', 'SortOrder'],
  properties: { WidgetId: { type: 'integer' }, Kind: { type: 'string' }, Title: { type: 'string' }, Size: { type: 'string' }, SortOrder: { type: 'integer' } },
} as const;

export const homeAnswer = {
  type: 'object',
  required: ['Widgets', 'Hidden'],
  properties: { Widgets: { type: 'array', items: homeWidget }, Hidden: { type: 'array', items: homeWidget } },
} as const;
