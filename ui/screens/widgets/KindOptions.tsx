import { useEffect, useState } from 'react';
import { Button, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { widgetsApi, type Choices, type FormField, type WidgetKind } from './widgets-api.ts';

export interface Draft { Kind: WidgetKind; Title: string; Source: number | null; Options: Record<string, unknown>; Placements: Array<{ RoleId: number; Size: 'small' | 'medium' | 'large' }> }

interface Props { draft: Draft; choices: Choices; errors: Map<string, string>; onChange: (change: Partial<Draft>) => void; disabled?: boolean }

type Link = { Title: string; Url: string };
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The options of a widget's kind: its form and fields, its report, its links; kinds with none show nothing (disabled: read-only). */
export function KindOptions({ draft, choices, errors, onChange, disabled = false }: Props) {
  const options = draft.Options;
  const set = (change: Record<string, unknown>) => onChange({ Options: { ...options, ...change } });
  const error = (name: string) => ({ error: errors.has(name), helperText: errors.get(name) });
  const [fields, setFields] = useState<FormField[]>([]);
  const formKind = draft.Kind === 'number' || draft.Kind === 'chart';
  useEffect(() => {
    if (!formKind || !draft.Source) return setFields([]);
    widgetsApi.fields(draft.Source).then(setFields, () => setFields([]));
  }, [formKind, draft.Source]);

  if (formKind) {
    const filter = (options.Filter ?? {}) as { Field?: string; Value?: string };
    const sum = options.Measure === 'sum';
    return (
      <Stack spacing={2}>
        <TextField disabled={disabled} select label="Form" required value={draft.Source ?? ''} {...error('Source')}
          onChange={(e) => onChange({ Source: Number(e.target.value), Options: { Measure: options.Measure ?? 'count' } })}>
          {choices.Forms.map((f) => <MenuItem key={f.FormId} value={f.FormId}>{f.Name}</MenuItem>)}
        </TextField>
        <TextField disabled={disabled} select label="Measure" value={sum ? 'sum' : 'count'} onChange={(e) => set({ Measure: e.target.value })}>
          <MenuItem value="count">Count of records</MenuItem>
          <MenuItem value="sum">Sum of a number field</MenuItem>
        </TextField>
        {sum && (
          <TextField disabled={disabled} select label="Field to sum" required value={text(options.Field)} onChange={(e) => set({ Field: e.target.value })} {...error('Options/Field')}>
            {fields.filter((f) => f.Kind === 'number').map((f) => <MenuItem key={f.Field} value={f.Field}>{f.Title}</MenuItem>)}
          </TextField>
        )}
        {draft.Kind === 'chart' && (
          <>
            <TextField disabled={disabled} select label="Group by" required value={text(options.GroupBy)} onChange={(e) => set({ GroupBy: e.target.value })} {...error('Options/GroupBy')}>
              {fields.filter((f) => ['selectOne', 'date', 'datetime'].includes(f.Kind)).map((f) => <MenuItem key={f.Field} value={f.Field}>{f.Title}</MenuItem>)}
            </TextField>
            <TextField disabled={disabled} select label="Chart" value={text(options.Chart) || 'bar'} onChange={(e) => set({ Chart: e.target.value })}>
              <MenuItem value="bar">Bar</MenuItem><MenuItem value="line">Line</MenuItem><MenuItem value="pie">Pie</MenuItem>
            </TextField>
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField disabled={disabled} select label="Only records whose field" value={filter.Field ?? ''} sx={{ minWidth: 220 }} {...error('Options/Filter/Field')}
            onChange={(e) => set({ Filter: e.target.value ? { Field: e.target.value, Value: filter.Value ?? '' } : undefined })}>
            <MenuItem value="">(all records)</MenuItem>
            {fields.map((f) => <MenuItem key={f.Field} value={f.Field}>{f.Title}</MenuItem>)}
          </TextField>
          {filter.Field && <TextField disabled={disabled} label="Is" value={filter.Value ?? ''} onChange={(e) => set({ Filter: { Field: filter.Field, Value: e.target.value } })} />}
        </Stack>
      </Stack>
    );
  }
  if (draft.Kind === 'report') {
    return (
      <Stack spacing={2}>
        <TextField disabled={disabled} select label="Report" required value={draft.Source ?? ''} onChange={(e) => onChange({ Source: Number(e.target.value) })} {...error('Source')}>
          {choices.Reports.map((r) => <MenuItem key={r.ReportId} value={r.ReportId}>{r.Name}</MenuItem>)}
        </TextField>
        <TextField disabled={disabled} select label="Show" value={text(options.Show) || 'table'} onChange={(e) => set({ Show: e.target.value })}>
          <MenuItem value="table">Its first rows</MenuItem><MenuItem value="chart">Its chart</MenuItem>
        </TextField>
      </Stack>
    );
  }
  if (draft.Kind === 'links') {
    const links = (Array.isArray(options.Links) ? options.Links : []) as Link[];
    const setLink = (i: number, change: Partial<Link>) => set({ Links: links.map((l, j) => (j === i ? { ...l, ...change } : l)) });
    return (
      <Stack spacing={2}>
        {links.map((link, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField disabled={disabled} label={`Link ${i + 1} title`} value={link.Title} onChange={(e) => setLink(i, { Title: e.target.value })} {...error(`Options/Links/${i}/Title`)} />
            <TextField disabled={disabled} label={`Link ${i + 1} address`} value={link.Url} onChange={(e) => setLink(i, { Url: e.target.value })} {...error(`Options/Links/${i}/Url`)} sx={{ flexGrow: 1 }} />
            <IconButton disabled={disabled} aria-label={`Remove link ${i + 1}`} onClick={() => set({ Links: links.filter((_, j) => j !== i) })}><DeleteIcon /></IconButton>
          </Stack>
        ))}
        <Stack direction="row"><Button disabled={disabled} startIcon={<AddIcon />} onClick={() => set({ Links: [...links, { Title: '', Url: '' }] })}>Add a link</Button></Stack>
      </Stack>
    );
  }
  return null;
}
