import { useEffect, useState } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { attributeFaults } from '../../../engine/core/lowcode/attribute-faults.ts';
import type { FieldTypeDefinition } from '../../../engine/core/lowcode/field-types.ts';
import type { WidgetFormContext } from '../../../engine/widgets/shared/async-validator.ts';
import { useFormValue } from '../../../engine/widgets/shared/form-values.ts';
import { AttributesSection } from '../forms/AttributesSection.tsx';
import { useFieldTypes, useLookupLists, useTypeAttributes } from '../forms/useFieldTypeData.ts';
import { pageFieldCalls } from './page-api.ts';

type Attributes = Record<string, unknown>;

/** A page field's Field Type (ui:widget "pageFieldType"): a select of the field types form fields use, by key. */
export function PageFieldTypeWidget({ id, value, required, disabled, readonly, label, rawErrors, onChange, onBlur, onFocus }: WidgetProps) {
  const { types, failure } = useFieldTypes(false, pageFieldCalls);
  const chosen = typeof value === 'string' ? value : '';
  const error = (rawErrors?.length ?? 0) > 0;
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled || readonly}
      error={error || failure}
      // A saved type shows while the list loads ('Please Wait...' until its name is known).
      value={types ? chosen : chosen ? chosen : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      helperText={failure ? 'The field types could not be read.' : undefined}
    >
      <MenuItem value=""><em>Please Select</em></MenuItem>
      {!types && chosen && <MenuItem value={chosen}>Please Wait...</MenuItem>}
      {(types ?? []).map((t) => <MenuItem key={t.Id} value={t.Id}>{t.Name}</MenuItem>)}
    </TextField>
  );
}

/**
 * A page field's attribute values (ui:field "pageFieldAttributes"): the chosen type's attributes, read by the page
 * field call and edited with the form field editor's inputs, keyed by attribute name. Values of attributes the new
 * type lacks are dropped when the type changes (the server would refuse them as unknown). Faults show as the
 * server's do (the same attributeFaults), once an attribute is edited; the server's own show beneath their input.
 */
export function PageFieldAttributesField({ formData, onChange, fieldPathId, disabled, readonly, errorSchema, registry }: FieldProps) {
  const context = registry.formContext as WidgetFormContext | undefined;
  const type = useFormValue(context?.formValues, 'FieldType');
  const typeKey = typeof type === 'string' ? type : '';
  const { types } = useFieldTypes(false, pageFieldCalls);
  const { attributes, failure } = useTypeAttributes(typeKey, pageFieldCalls);
  const lookupLists = useLookupLists(Boolean(attributes?.some((a) => a.name === 'lookupListId')), pageFieldCalls);
  const values: Attributes = formData && typeof formData === 'object' && !Array.isArray(formData) ? (formData as Attributes) : {};
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const emit = (next: Attributes) => onChange(next, fieldPathId.path);

  // Another type: keep only the values of attributes it has.
  useEffect(() => {
    if (!attributes) return;
    const names = new Set(attributes.map((a) => a.name));
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));
    if (Object.keys(kept).length !== Object.keys(values).length) emit(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per attribute list read
  }, [attributes]);

  if (!typeKey) return <Typography color="text.secondary">Choose a field type to set its attributes.</Typography>;
  const typeLabel = types?.find((t) => t.Id === typeKey)?.Name ?? typeKey;
  const local = attributes ? attributeFaults({ label: typeLabel, attributes } as FieldTypeDefinition, values) : [];
  const errorOf = (property: string) => {
    const name = property.slice('AttributeValues.'.length);
    const server = (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[name]?.__errors?.[0];
    return server ?? (edited.has(name) ? local.find((f) => f.PropertyName === property)?.ErrorMessage : undefined);
  };
  return (
    <AttributesSection
      typeLabel={typeLabel}
      attributes={attributes}
      failed={failure}
      values={values}
      errorOf={errorOf}
      disabled={Boolean(disabled || readonly)}
      lookupLists={lookupLists}
      onChange={(name, value) => {
        setEdited((s) => new Set(s).add(name));
        emit({ ...values, [name]: value });
      }}
    />
  );
}
