import formField from '../../../metadata/entities/FormField.json' with { type: 'json' };
import { rowSchemaOf } from '../../lib/entity-schemas.ts';

export const formIdParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

const fieldRow = rowSchemaOf(formField);

/**
 * A form field or UDF as the calls answer it (engine/core/lowcode/api.ts FormFieldRecord), with every stored attribute:
 * an object schema without properties would serialise AttributeValues as {}.
 */
export const fieldRecordSchema = {
  ...fieldRow,
  properties: {
    ...fieldRow.properties,
    AttributeValues: { ...fieldRow.properties!.AttributeValues, additionalProperties: true },
    TypeChange: {
      type: ['object', 'null'],
      description: 'A type change under way (its values converting in the background), or the last one that failed.',
      properties: {
        State: { type: 'string', enum: ['Converting', 'Failed'] }, From: { type: 'string' }, To: { type: 'string' },
        Done: { type: 'integer' }, Total: { type: 'integer' }, Message: { type: ['string', 'null'] },
      },
    },
  },
};

export const revisionSchema = {
  type: 'object',
  properties: {
    Revision: { type: 'integer' },
    ChangedBy: { type: ['string', 'null'] },
    ChangedAt: { type: 'string', format: 'date-time' },
    Summary: { type: 'string' },
  },
} as const;

export const typeChangePreviewSchema = {
  type: 'object',
  properties: {
    From: { type: 'string' }, To: { type: 'string' }, Total: { type: 'integer' }, Convertible: { type: 'integer' }, FailingCount: { type: 'integer' },
    Failing: { type: 'array', items: { type: 'object', properties: { RecordId: { type: 'integer' }, Value: { type: 'string' } } } },
  },
} as const;
