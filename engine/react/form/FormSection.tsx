import { memo, useMemo, type ReactNode } from 'react';
import Form from '@rjsf/mui';
import type { ErrorSchema, RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { Paper, Typography } from '@mui/material';
import type { JsonSchema, UiSchema } from '../../core/forms/types.ts';
import { rjsfValidator } from './validate.ts';

export interface FormSectionProps {
  title?: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  data: Record<string, unknown>;
  errors: ErrorSchema;
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  disabled: boolean;
  onChange: (sectionData: Record<string, unknown>) => void;
}

const noButtons: ReactNode = <></>;

/**
 * One RJSF subtree of a form. A long form renders in sections, and a section re-renders only when its
 * own schema, values or errors change, so typing in one field does not re-render two hundred.
 */
export const FormSection = memo(function FormSection({ title, schema, uiSchema, data, errors, widgets, fields, disabled, onChange }: FormSectionProps) {
  // RJSF compares its props to decide what to recompute: keep them the same objects while unchanged.
  const sectionUi = useMemo(() => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }), [uiSchema]);
  const body = (
    <Form
      tagName="div"
      schema={schema as never}
      uiSchema={sectionUi}
      formData={data}
      validator={rjsfValidator}
      widgets={widgets}
      fields={fields}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors}
      disabled={disabled}
      experimental_componentUpdateStrategy="shallow"
      onChange={(event) => onChange(event.formData as Record<string, unknown>)}
    >
      {noButtons}
    </Form>
  );
  if (!title) return body;
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>{title}</Typography>
      {body}
    </Paper>
  );
});
