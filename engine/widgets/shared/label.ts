import type { FieldProps } from '@rjsf/utils';

/** The label RJSF would show for a custom field: ui:title, then the schema title, then the property name. */
export function fieldLabel(props: Pick<FieldProps, 'uiSchema' | 'schema' | 'name' | 'title'>): string {
  const uiTitle = props.uiSchema?.['ui:title'] ?? props.uiSchema?.['ui:options']?.title;
  return String(uiTitle ?? props.title ?? props.schema.title ?? props.name ?? '');
}

/** The ui:options of a field as a plain object. */
export function fieldOptions<O extends object>(uiSchema: FieldProps['uiSchema']): Partial<O> {
  return { ...(uiSchema?.['ui:options'] as Partial<O> | undefined) };
}
