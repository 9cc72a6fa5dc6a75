import { memo, useMemo, useRef, type ReactNode } from 'react';
import { Box } from '@mui/material';
import Form from '@rjsf/mui';
import type { ErrorSchema, RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { JsonSchema, UiSchema } from '../../core/forms/types.ts';
import { rjsfValidator } from './validate.ts';
import type { WidgetFormContext } from '../../widgets/shared/async-validator.ts';

export interface FieldFormProps {
  /** The composed schema and uiSchema cut down to this one field. */
  schema: JsonSchema;
  uiSchema: UiSchema;
  data: Record<string, unknown>;
  errors: ErrorSchema;
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  disabled: boolean;
  /** What the widgets get through RJSF's formContext (the form's named asynchronous validators). */
  formContext?: WidgetFormContext;
  /**
   * `byUser` is false when no person made the change: RJSF filled in defaults (its change event names no field), or a
   * widget normalised its value before anyone used the field (a select setting 'Please Select', a lookup its option).
   */
  onChange: (fieldData: Record<string, unknown>, byUser: boolean) => void;
}

const noButtons: ReactNode = <></>;

// A field in error shows its message in red; its help (RJSF ids it '..__help') keeps its quiet colour beside it.
const quietHelp = { '& .MuiFormHelperText-root.Mui-error[id$="__help"]': { color: 'text.secondary' } } as const;

/** Whether the one field of this uiSchema is hidden ('ui:widget': 'hidden', as composeUiSchema marks it). */
function isHidden(uiSchema: UiSchema): boolean {
  return Object.entries(uiSchema).some(([key, entry]) => !key.startsWith('ui:') && (entry as Record<string, unknown> | undefined)?.['ui:widget'] === 'hidden');
}

/**
 * One field of a form, as its own RJSF subtree. RJSF re-renders every field of a form on each change
 * (and renders a change two or three times), so a form is many of these: typing re-renders the one field
 * typed into, whatever the form's length. Rules between fields are the form's (useFormState), not RJSF's.
 */
export const FieldForm = memo(function FieldForm({ schema, uiSchema, data, errors, widgets, fields, disabled, formContext, onChange }: FieldFormProps) {
  // RJSF compares its props to decide what to recompute: keep them the same objects while unchanged.
  const fieldUi = useMemo(() => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }), [uiSchema]);
  // Whether a person has used this field: a pointer, a key, or an input event (autofill, paste, dictation) in it. React
  // events bubble through portals, so a choice in a select's menu counts too. Focus alone does not (autofocus).
  const used = useRef(false);
  const markUsed = () => { used.current = true; };
  // A field the rules hide takes no room (RJSF would still lay out its empty grid); its value stays in the form's state.
  if (isHidden(uiSchema)) return null;
  return (
    <Box sx={quietHelp} onPointerDownCapture={markUsed} onKeyDownCapture={markUsed} onInputCapture={markUsed} onChangeCapture={markUsed} onPasteCapture={markUsed} onDropCapture={markUsed}>
      <Form
        tagName="div"
        schema={schema as never}
        uiSchema={fieldUi}
        formData={data}
        validator={rjsfValidator}
        widgets={widgets}
        fields={fields}
        noValidate
        noHtml5Validate
        showErrorList={false}
        extraErrors={errors}
        disabled={disabled}
        formContext={formContext}
        experimental_componentUpdateStrategy="shallow"
        onChange={(event, id) => onChange(event.formData as Record<string, unknown>, id !== undefined && used.current)}
      >
        {noButtons}
      </Form>
    </Box>
  );
});
