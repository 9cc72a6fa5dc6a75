import { useMemo, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import { FilterField } from './FilterField.tsx';
import { filterControls } from './filter-logic.ts';
import type { ParamValue, ReportParameter, ReportParams } from './report-api.ts';
import type { FilterOptions } from './useFilterOptions.ts';

export interface ReportFiltersProps {
  params: ReportParameter[] | null;
  values: ReportParams;
  errors: Record<string, string>;
  loadError: string | null;
  onChange: (param: string, value: ParamValue) => void;
  onGenerate: () => void;
  onCancel: () => void;
  /** The selects' options (useFilterOptions, kept by the page: a favourite's labels come from them too). */
  options: FilterOptions;
}

/** The filter form: one control per parameter, every one required; Generate runs the report, Cancel goes back to the chooser. */
export function ReportFilters(props: ReportFiltersProps) {
  const { params, values, errors, loadError, onChange, onGenerate, onCancel, options } = props;
  const controls = useMemo(() => filterControls(params ?? []), [params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGenerate();
  };

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!params) return <LinearProgress aria-label="Loading the filters" />;
  return (
    <Box component="form" aria-label="Report filters" noValidate onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {controls.map((control) => (
          <Box key={control.kind === 'range' ? `range:${control.key}` : control.param.Param} sx={control.kind === 'range' ? { gridColumn: '1 / -1' } : undefined}>
            <FilterField control={control} values={values} errors={errors} onChange={onChange}
              optionsOf={options.optionsOf} loaded={options.loaded} parentsOf={options.parentsOf} />
          </Box>
        ))}
      </Box>
      {options.failed && <Alert severity="error" sx={{ mt: 2 }}>{options.failed}</Alert>}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">Generate</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Box>
  );
}
