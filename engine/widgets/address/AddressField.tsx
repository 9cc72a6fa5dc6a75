import { useId } from 'react';
import { Box, FormLabel, Grid, MenuItem, TextField } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { useWidgetData } from '../data-context.tsx';
import { fieldLabel } from '../shared/label.ts';
import { partErrors } from '../shared/RangeGroup.tsx';
import { useServerData } from '../shared/useServerData.ts';
import { addressLabels, regionParts, requiredParts, withCountry, type Address, type AddressPart, type LookupRef } from './logic.ts';
import { withStoredChoice } from '../select/logic.ts';

/**
 * Address (ui:field "address"): Country, Address 1 and 2, City, then State and Zip Code for the
 * United States or Province/Region and Postal Code elsewhere. Countries and states come from the
 * WidgetDataSource. Parts become required as soon as any part is filled in.
 */
export function AddressField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required = false, disabled, readonly, errorSchema } = props;
  const data = useWidgetData();
  const countries = useServerData(() => data.loadCountries(), 'countries');
  const states = useServerData(() => data.loadStates(), 'states');
  const labelId = useId();
  const address: Address = formData ?? {};
  const needed = new Set<AddressPart>(requiredParts(address, required));
  const id = (part: AddressPart) => `${fieldPathId.$id}_${part}`;
  const set = (next: Address) => onChange(next, fieldPathId.path);
  const errorsOf = (part: AddressPart) => partErrors(errorSchema, part);
  const common = (part: AddressPart) => ({
    id: id(part),
    label: addressLabels[part],
    required: needed.has(part),
    disabled,
    fullWidth: true,
    error: errorsOf(part).length > 0,
    helperText: errorsOf(part).join(' ') || undefined,
    // On the input component too, so that a read-only part looks it (the theme's read-only look) as well as is it.
    slotProps: { input: { readOnly: readonly }, htmlInput: { readOnly: readonly } },
  });
  const text = (part: 'Address1' | 'Address2' | 'City' | 'ZipCode' | 'ProvinceRegion' | 'PostalCode') => (
    <TextField {...common(part)} value={address[part] ?? ''} onChange={(e) => set({ ...address, [part]: e.target.value || undefined })} />
  );
  const lookup = (part: 'Country' | 'State', loaded: LookupRef[] | undefined, choose: (ref: LookupRef | null) => void) => {
    // Until the list arrives, the stored choice is offered on its own so it shows by name.
    const current = address[part];
    const options = withStoredChoice(loaded ?? [], current);
    return (
      <TextField {...common(part)} select value={current?.Id ?? -1} onChange={(e) => {
        const chosen = options.find((o) => o.Id === Number(e.target.value));
        choose(chosen ? { Id: chosen.Id, Name: chosen.Name } : null);
      }}>
        <MenuItem value={-1}>Please Select</MenuItem>
        {options.map((o) => <MenuItem key={o.Id} value={o.Id}>{o.Name ?? o.Id}</MenuItem>)}
      </TextField>
    );
  };
  const [region, code] = regionParts(address.Country);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{fieldLabel(props)}</FormLabel>
      <Grid container spacing={2}>
        <Grid size={12}>{lookup('Country', countries.data, (c) => set(withCountry(address, c)))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('Address1')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('Address2')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{text('City')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {region === 'State' ? lookup('State', states.data, (s) => set({ ...address, State: s })) : text('ProvinceRegion')}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{code === 'ZipCode' ? text('ZipCode') : text('PostalCode')}</Grid>
      </Grid>
    </Box>
  );
}
