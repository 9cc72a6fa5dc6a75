import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { ApiError } from '../../api/client.ts';
import { itemsOf } from '../transfer/errors.ts';
import { ReportTable } from './ReportTable.tsx';
import { reportApi, type ReportParams } from './report-api.ts';
import { useReportRun, type RunSpec } from './useReportRun.ts';

export const reportCardTitle = 'Print Invoice';
export const reportCardNeedsMessage = 'A report file and its parameters are needed to show this report.';

/** Spec 3: the card needs both a file name and parameters (at least one). */
export function reportCardReady(fileName: string | null | undefined, params: ReportParams | null | undefined): boolean {
  return !!fileName?.trim() && !!params && Object.keys(params).length > 0;
}

/**
 * The 'Print Invoice' report card, for a record screen: the report whose FileName is given, run with the given
 * parameters, its table shown in the card. Without a file name or parameters it says what it needs instead. Under a
 * record (`quiet`), a report the user may not run is not shown at all: the form's setting is not theirs to mend.
 */
export function ReportCard({ fileName, params, quiet = false }: { fileName?: string | null; params?: ReportParams | null; quiet?: boolean }) {
  const ready = reportCardReady(fileName, params);
  const [reportId, setReportId] = useState<number | null>(null);
  const [reportName, setReportName] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notRunnable, setNotRunnable] = useState(false);
  const paramsKey = JSON.stringify(params ?? null);

  // The report is found by its file name among those the user may run (the run call takes its id).
  useEffect(() => {
    setReportId(null);
    setFailure(null);
    setNotRunnable(false);
    if (!ready) return;
    let live = true;
    reportApi.reports().then((list) => {
      if (!live) return;
      const found = list.find((r) => r.FileName === fileName);
      if (found) {
        setReportId(found.ReportId);
        setReportName(found.ReportDispName);
      } else setNotRunnable(true);
    }, (error: unknown) => {
      if (!live) return;
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) setNotRunnable(true);
      else setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The report could not be loaded.');
    });
    return () => { live = false; };
  }, [ready, fileName]);

  const spec = useMemo<RunSpec | null>(
    () => (reportId === null ? null : { ReportId: reportId, Params: JSON.parse(paramsKey) as ReportParams, generation: 1 }),
    [reportId, paramsKey],
  );
  const run = useReportRun(spec);

  if (notRunnable && quiet) return null;
  const refusal = notRunnable ? `The report '${fileName}' is not one you may run.` : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="report-card-title">
      <CardContent>
        <Typography component="h2" variant="h6" id="report-card-title" gutterBottom={!reportName}>{reportCardTitle}</Typography>
        {reportName && <Typography color="text.secondary" gutterBottom>{reportName}</Typography>}
        {!ready && <Alert severity="error" role="alert">{reportCardNeedsMessage}</Alert>}
        {ready && (refusal ?? failure ?? run.failure) && <Alert severity="error" role="alert">{refusal ?? failure ?? run.failure}</Alert>}
        {ready && run.loading && <LinearProgress aria-label="Loading the report" />}
        {ready && run.result && (
          <ReportTable
            result={run.result}
            caption={reportCardTitle}
            paging={{ page: run.page, pageSize: run.pageSize, sorts: run.sorts, busy: run.loading, onPage: run.setPage, onPageSize: run.setPageSize, onSort: run.toggleSort }}
          />
        )}
      </CardContent>
    </Card>
  );
}
