import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, TextField } from '@mui/material';
import { columnsOf, valueColumnsOf, type Draft } from './builder-logic.ts';

export interface BuilderGroupChartProps {
  draft: Draft;
  errors: Map<string, string>;
  onChange: (change: Partial<Draft>) => void;
}

const chartKinds = [['', 'None'], ['bar', 'Bar'], ['line', 'Line'], ['pie', 'Pie']] as const;

/** Group by one of the columns (with subtotals), and a chart: its labels a column, its values number columns. */
export function BuilderGroupChart({ draft, errors, onChange }: BuilderGroupChartProps) {
  const columns = columnsOf(draft);
  const values = valueColumnsOf(draft);
  const columnOptions = [<option key="" value="">None</option>, ...columns.map((c) => <option key={c.Field} value={c.Field}>{c.title || c.FormTitle}</option>)];
  return (
    <Stack spacing={2}>
      <TextField
        select id="builder-group-by" label="Group by" value={draft.groupBy} sx={{ maxWidth: 360 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        error={Boolean(errors.get('GroupBy'))} helperText={errors.get('GroupBy') ?? 'Rows grouped by this column, with subtotals.'}
        onChange={(e) => onChange({ groupBy: e.target.value })}
      >
        {columnOptions}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select id="builder-chart-kind" label="Chart" value={draft.chartKind} sx={{ minWidth: 160 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          onChange={(e) => onChange({ chartKind: e.target.value as Draft['chartKind'] })}
        >
          {chartKinds.map(([kind, label]) => <option key={kind} value={kind}>{label}</option>)}
        </TextField>
        {draft.chartKind && (
          <TextField
            select id="builder-chart-label" label="Chart labels" value={draft.chartLabel} sx={{ minWidth: 200 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            error={Boolean(errors.get('Chart/Label'))} helperText={errors.get('Chart/Label') ?? 'The column naming each bar, point or slice.'}
            onChange={(e) => onChange({ chartLabel: e.target.value })}
          >
            {columnOptions}
          </TextField>
        )}
      </Stack>
      {draft.chartKind && (
        <FormControl component="fieldset" error={Boolean(errors.get('Chart/Values'))}>
          <FormLabel component="legend">Chart values</FormLabel>
          <FormGroup row>
            {values.map((c) => (
              <FormControlLabel
                key={c.Field}
                label={c.Kind === 'count' ? `${c.title || c.FormTitle} (count)` : c.title || c.FormTitle}
                control={<Checkbox checked={draft.chartValues.includes(c.Field)}
                  onChange={(e) => onChange({ chartValues: e.target.checked ? [...draft.chartValues, c.Field] : draft.chartValues.filter((v) => v !== c.Field) })} />}
              />
            ))}
          </FormGroup>
          <FormHelperText>{errors.get('Chart/Values') ?? (values.length ? 'Number columns of the report; Records counts them.' : 'Choose a number column, or Records, as a column first.')}</FormHelperText>
        </FormControl>
      )}
    </Stack>
  );
}
