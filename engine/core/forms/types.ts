import type { FormDefinition } from '../../../metadata/types/ScreenDocument.ts';

export type { FormDefinition };
export type FormMode = 'create' | 'update' | 'read' | 'delete';

/** A JSON Schema object as the engine handles it (entity schemas are draft-07 objects). */
export type JsonSchema = Record<string, unknown> & {
  title?: string;
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
};

export type UiSchema = Record<string, unknown>;
