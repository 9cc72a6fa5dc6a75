import { useState } from 'react';
import { FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from '@mui/material';
import type { AttributeDefinition } from '../../../engine/core/lowcode/api.ts';
import { patternNames } from '../../../engine/core/lowcode/field-types.ts';
import type { IdName } from './form-api.ts';
import { attributeInputValue } from './field-editor-state.ts';

export interface AttributeInputProps {
  definition: AttributeDefinition;
  value: unknown;
  error?: string;
  disabled?: boolean;
  /** The lookup lists a select's `lookupListId` chooses from (null while they load). */
  lookupLists: IdName[] | null;
  onChange(value: unknown): void;
}

/** What the attribute is when nothing is set, for the helper text. */
function defaultHint(definition: AttributeDefinition): string | undefined {
  const d = definition.default;
  if (d === undefined || d === null || definition.type === 'boolean') return undefined;
  return `Default: ${Array.isArray(d) ? d.join(', ') : String(d)}`;
}

function rangeHint(definition: AttributeDefinition): string | undefined {
  const { minimum, maximum } = definition;
  if (definition.type !== 'integer' && definition.type !== 'number') return undefined;
  if (minimum !== undefined && maximum !== undefined) return `${minimum} to ${maximum}`;
  if (minimum !== undefined) return `At least ${minimum}`;
  if (maximum !== undefined) return `At most ${maximum}`;
  return undefined;
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value));

/**
 * One attribute of the chosen field type, drawn by its attribute type: a switch for Yes/No, a select
 * for a lookup list or a pattern, a number or text input otherwise. Its fault (the same words as the
 * server's, from attributeFaults) shows beneath it.
 */
export function AttributeInput({ definition, value, error, disabled, lookupLists, onChange }: AttributeInputProps) {
  const id = `attribute-${definition.name}`;
  // What is typed, kept as typed ('1.' on its way to '1.5', 'pdf, ' before the next extension); a value
  // set from outside (another type, a copy) replaces it.
  const [draft, setDraft] = useState(() => textOf(value));
  const typed = definition.type !== 'boolean' && definition.type !== 'patternName' && definition.name !== 'lookupListId';
  if (typed && JSON.stringify(attributeInputValue(definition, draft) ?? null) !== JSON.stringify(value ?? null)) setDraft(textOf(value));
  if (definition.type === 'boolean') {
    const checked = value === null || value === undefined ? definition.default === true : value === true;
    return (
      <Stack>
        <FormControlLabel
          control={<Switch id={id} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
          label={definition.label}
        />
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Stack>
    );
  }
  const helper = error ?? [rangeHint(definition), defaultHint(definition)].filter(Boolean).join('. ');
  const common = {
    id,
    label: definition.label,
    required: definition.required,
    disabled,
    error: Boolean(error),
    helperText: helper || ' ',
    // A read-only screen (a page field's read and delete) still shows the hints legibly, not in the disabled grey.
    slotProps: { formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } },
    fullWidth: true,
    size: 'small' as const,
  };
  if (definition.name === 'lookupListId') {
    return (
      <TextField {...common} select value={lookupLists ? textOf(value) : ''} onChange={(e) => onChange(attributeInputValue(definition, e.target.value))}
        helperText={error ?? (lookupLists && !lookupLists.length ? 'There are no lookup lists yet: add one in the Lookup Table Manager.' : ' ')}>
        <MenuItem value=""><em>Please Select</em></MenuItem>
        {(lookupLists ?? []).map((l) => <MenuItem key={l.Id} value={String(l.Id)}>{l.Name}</MenuItem>)}
      </TextField>
    );
  }
  if (definition.type === 'patternName') {
    return (
      <TextField {...common} select value={textOf(value)} onChange={(e) => onChange(attributeInputValue(definition, e.target.value))}>
        <MenuItem value=""><em>None</em></MenuItem>
        {patternNames.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
      </TextField>
    );
  }
  const numeric = definition.type === 'integer' || definition.type === 'number';
  return (
    <TextField
      {...common}
      value={draft}
      // A number typed as text: the attribute check, not the browser, says what is wrong with it.
      slotProps={{ ...common.slotProps, htmlInput: numeric ? { inputMode: definition.type === 'integer' ? 'numeric' : 'decimal' } : undefined }}
      placeholder={definition.type === 'extensionList' ? '.pdf, .docx' : undefined}
      onChange={(e) => { setDraft(e.target.value); onChange(attributeInputValue(definition, e.target.value)); }}
    />
  );
}
