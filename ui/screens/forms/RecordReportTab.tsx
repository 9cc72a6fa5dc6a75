import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ApiError } from '../../api/client.ts';
import { reportApi, type Report, type ReportParameter } from '../reports/report-api.ts';
import { formApi, type FormRecord } from './form-api.ts';
import { recordReportApi, type RecordReportSetting } from './record-report-api.ts';

interface FieldChoice { FormFieldId: number; Label: string }
/** One parameter's source as chosen here: a field's id, or '' for the fixed value typed beside it. */
interface Row { Param: string; Title: string; FormFieldId: number | ''; Value: string }

const fixedValue = '';

function rowsFor(parameters: ReportParameter[], saved: RecordReportSetting | null): Row[] {
  return parameters.map((p) => {
    const kept = saved?.Params.find((s) => s.Param === p.Param);
    return { Param: p.Param, Title: p.Title, FormFieldId: kept?.FormFieldId ?? fixedValue, Value: kept?.Value ?? p.DefaultValue ?? '' };
  });
}

/**
 * Form Management's Report tab: the report shown under each record of the form (the 'Print Invoice' report card), and
 * for each of its parameters the record's field that fills it, or a fixed value (the report's default to start with).
 */
export function RecordReportTab({ form }: { form: FormRecord }) {
  const [reports, setReports] = useState<Report[] | null>(null);
  const [fields, setFields] = useState<FieldChoice[]>([]);
  const [saved, setSaved] = useState<RecordReportSetting | null>(null);
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<Row[] | null>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([reportApi.reports(), recordReportApi.get(form.FormId), formApi.fields(form.FormId, false), form.CanHaveEav ? formApi.fields(form.FormId, true) : []])
      .then(([list, setting, ordinary, udfs]) => {
        if (!live) return;
        setReports(list);
        setSaved(setting.FileName ? setting : null);
        setFileName(setting.FileName ?? '');
        setFields([...ordinary, ...udfs].filter((f) => f.IsActive).map((f) => ({ FormFieldId: f.FormFieldId, Label: f.ReportLabelText?.trim() || f.Name })));
      }, (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) setFailure('Choosing a report needs the Reports module (ReportModule): ask for it, then come back.');
        else setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error'));
      });
    return () => { live = false; };
  }, [form.FormId, form.CanHaveEav]);

  // The chosen report's parameters, each row kept as saved when the saved report is chosen again.
  const reportId = reports?.find((r) => r.FileName === fileName)?.ReportId;
  useEffect(() => {
    if (!reportId) { setRows([]); return; }
    let live = true;
    setRows(null);
    reportApi.parameters(reportId).then((parameters) => live && setRows(rowsFor(parameters, saved?.FileName === fileName ? saved : null)),
      (error: unknown) => live && setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error')));
    return () => { live = false; };
  }, [reportId, fileName, saved]);

  if (form.IsReserved) return <Alert severity="info">Only a form built in Form Management shows a report under its records.</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!reports) return <LinearProgress aria-label="Loading the reports" />;

  const errorAt = (name: string) => errors.find((e) => e.PropertyName === name || e.PropertyName?.startsWith(`${name}.`))?.ErrorMessage;
  const rowError = (row: Row, i: number) => errorAt(`Params.${row.Param}`) ?? errorAt(`Params.${i}`);
  const change = (i: number, patch: Partial<Row>) => setRows((all) => all && all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save(clear: boolean) {
    setBusy(true);
    setErrors([]);
    try {
      const body = clear || !fileName
        ? { FileName: null, Params: [] }
        : { FileName: fileName, Params: (rows ?? []).map((r) => (r.FormFieldId === fixedValue ? { Param: r.Param, Value: r.Value } : { Param: r.Param, FormFieldId: r.FormFieldId })) };
      const stored = await recordReportApi.save(form.FormId, body);
      setSaved(stored.FileName ? stored : null);
      if (!stored.FileName) setFileName('');
      notify('success', stored.FileName ? `Each record of ${form.Name} now shows this report.` : `The records of ${form.Name} no longer show a report.`);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.items);
      notify('error', error instanceof ApiError ? error.message : noticeText('Update', 'error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 800 }}>
      <TextField select label="Report" value={fileName} onChange={(e) => setFileName(e.target.value)} error={!!errorAt('FileName')}
        helperText={errorAt('FileName') ?? 'Shown under each record, in a card titled Print Invoice, to those who may run it.'}>
        <MenuItem value="">None</MenuItem>
        {reports.map((r) => <MenuItem key={r.ReportId} value={r.FileName}>{r.ReportDispName}</MenuItem>)}
      </TextField>
      {rows === null && <LinearProgress aria-label="Loading the report's parameters" />}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="What fills each parameter">
            <TableHead><TableRow><TableCell>Parameter</TableCell><TableCell>Filled from</TableCell><TableCell>Fixed value</TableCell></TableRow></TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={row.Param}>
                  <TableCell>{row.Title}</TableCell>
                  <TableCell>
                    <TextField select size="small" fullWidth label={`${row.Title}: filled from`} value={row.FormFieldId}
                      onChange={(e) => change(i, { FormFieldId: e.target.value === '' ? fixedValue : Number(e.target.value) })}
                      error={!!rowError(row, i)} helperText={rowError(row, i)}>
                      <MenuItem value="">A fixed value</MenuItem>
                      {fields.map((f) => <MenuItem key={f.FormFieldId} value={f.FormFieldId}>The record's {f.Label}</MenuItem>)}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    {row.FormFieldId === fixedValue && <TextField size="small" fullWidth label={`${row.Title}: value`} value={row.Value} onChange={(e) => change(i, { Value: e.target.value })} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {reportId && rows?.length === 0 && <Typography color="text.secondary">This report has no parameters, so it cannot follow the record: choose one with parameters.</Typography>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void save(false)} disabled={busy || rows === null}>Save</Button>
        {saved && <Button onClick={() => void save(true)} disabled={busy}>Show no report</Button>}
      </Stack>
    </Stack>
  );
}
