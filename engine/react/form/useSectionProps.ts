import { useMemo, useRef } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { ErrorItem } from '../../core/error-items.ts';
import type { JsonSchema, UiSchema } from '../../core/forms/types.ts';
import { pickSchema, pickUiSchema, pickValues, type SectionPlan } from './sections.ts';
import { toErrorSchema } from './error-schema.ts';

export interface SectionProps {
  title?: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  data: Record<string, unknown>;
  errors: ErrorSchema;
}

const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>, fields: string[]) => fields.every((f) => a[f] === b[f]);

/**
 * Per-section props that keep their identity while the section's part is unchanged, so that memoised
 * sections skip rendering when another section is edited.
 */
export function useSectionProps(plans: SectionPlan[], schema: JsonSchema, uiSchema: UiSchema, data: Record<string, unknown>, errors: ErrorItem[]): SectionProps[] {
  const schemas = useMemo(() => plans.map((p) => ({ schema: pickSchema(schema, p.fields), uiSchema: pickUiSchema(uiSchema, p.fields) })), [plans, schema, uiSchema]);
  const previous = useRef<SectionProps[]>([]);
  const next = plans.map((plan, i) => {
    const before = previous.current[i];
    const values = before && sameValues(before.data, data, plan.fields) ? before.data : pickValues(data, plan.fields);
    const errorSchema = toErrorSchema(errors, plan.fields);
    const sameErrors = before && JSON.stringify(before.errors) === JSON.stringify(errorSchema);
    const candidate = { title: plan.title, ...schemas[i], data: values, errors: sameErrors ? before.errors : errorSchema };
    const unchanged = before && before.schema === candidate.schema && before.uiSchema === candidate.uiSchema && before.data === candidate.data && before.errors === candidate.errors;
    return unchanged ? before : candidate;
  });
  previous.current = next;
  return next;
}
