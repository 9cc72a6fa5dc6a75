import { memo } from 'react';
import { Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { WidgetFormContext } from '../../widgets/shared/async-validator.ts';
import { FieldForm } from './FieldForm.tsx';
import type { FieldProps } from './useFieldFormProps.ts';

/** Height a field takes before it is mounted, so the page does not jump as the rest of a long form arrives. */
const placeholderHeightPerField = 72;

/**
 * The browser skips style, layout and paint of the fields out of view (the height of one text field is
 * assumed until a field has been seen), so a keystroke costs the same in a long form as in a short one.
 */
const offscreenSkipped = { contentVisibility: 'auto', containIntrinsicSize: 'auto 60px' } as const;

export interface FormSectionProps {
  title?: string;
  /** The section's mounted fields, with their props (each object the same while its field is unchanged). */
  fields: string[];
  fieldProps: FieldProps[];
  /** How many of the section's fields are still to be mounted. */
  pending: number;
  widgets: RegistryWidgetsType;
  registryFields: RegistryFieldsType;
  disabled: boolean;
  formContext: WidgetFormContext;
  onChange: (fieldData: Record<string, unknown>, byUser: boolean) => void;
}

const sameItems = <T,>(a: T[], b: T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** Equal props, the field lists compared item by item: a part none of whose fields changed does not render. */
function sameParts<P extends object>(before: P, after: P): boolean {
  return (Object.keys(after) as Array<keyof P>).every((key) => (Array.isArray(after[key])
    ? sameItems(before[key] as unknown[], after[key] as unknown[])
    : before[key] === after[key]));
}

type FieldGroupProps = Omit<FormSectionProps, 'title' | 'pending'>;

/** Fields rendered together: a long section is cut into groups of this many, each skipped while unchanged. */
const groupSize = 20;

const FieldGroup = memo(function FieldGroup({ fields, fieldProps, widgets, registryFields, disabled, formContext, onChange }: FieldGroupProps) {
  return (
    <>
      {fields.map((field, i) => (
        <div key={field} style={offscreenSkipped}>
          <FieldForm {...fieldProps[i]} widgets={widgets} fields={registryFields} disabled={disabled} formContext={formContext} onChange={onChange} />
        </div>
      ))}
    </>
  );
}, sameParts);

/**
 * A titled section of a form (or the untitled whole): its mounted fields, and one placeholder for those
 * still to come. A section, or a group of a long one, none of whose fields changed does not render at all.
 */
export const FormSection = memo(function FormSection({ title, pending, fields, fieldProps, ...shared }: FormSectionProps) {
  const groups = Array.from({ length: Math.ceil(fields.length / groupSize) }, (_, g) => g * groupSize);
  const body = (
    // Each field's RJSF template keeps 10 px above and below; 6 px more gives the gap of one RJSF form's grid.
    <Stack spacing={0.75}>
      {groups.map((start) => (
        <FieldGroup key={start} fields={fields.slice(start, start + groupSize)} fieldProps={fieldProps.slice(start, start + groupSize)} {...shared} />
      ))}
      {pending > 0 && <Skeleton variant="rounded" height={pending * placeholderHeightPerField} aria-hidden />}
    </Stack>
  );
  if (!title) return body;
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>{title}</Typography>
      {body}
    </Paper>
  );
}, sameParts);
