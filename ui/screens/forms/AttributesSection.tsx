import { Alert, Box, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import type { AttributeDefinition } from '../../../engine/core/lowcode/field-types.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { AttributeInput } from './AttributeInput.tsx';
import type { IdName } from './form-api.ts';

export interface AttributesSectionProps {
  typeLabel: string;
  /** The type's attributes; null while they load. */
  attributes: AttributeDefinition[] | null;
  failed: boolean;
  values: Record<string, unknown>;
  errorOf(property: string): string | undefined;
  disabled: boolean;
  lookupLists: IdName[] | null;
  onChange(name: string, value: unknown): void;
}

/** The field type's attributes in the field editor: loading, failed, none, or one input each. */
export function AttributesSection({ typeLabel, attributes, failed, values, errorOf, disabled, lookupLists, onChange }: AttributesSectionProps) {
  return (
    <Box component="section" aria-labelledby="attributes-title">
      <Typography id="attributes-title" variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        Attributes of {typeLabel}
      </Typography>
      {failed ? <Alert severity="error">{noticeText('Read', 'error')}</Alert>
        : !attributes ? <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}><CircularProgress size={18} /><Typography color="text.secondary">Loading the attributes…</Typography></Stack>
          : !attributes.length ? <Typography color="text.secondary">This type has no attributes to set.</Typography>
            : (
              <Grid container columnSpacing={2} rowSpacing={1}>
                {attributes.map((a) => (
                  <Grid key={a.name} size={{ xs: 12, sm: 6 }}>
                    <AttributeInput
                      definition={a}
                      value={values[a.name]}
                      error={errorOf(`AttributeValues.${a.name}`)}
                      disabled={disabled}
                      lookupLists={lookupLists}
                      onChange={(v) => onChange(a.name, v)}
                    />
                  </Grid>
                ))}
              </Grid>
            )}
    </Box>
  );
}
