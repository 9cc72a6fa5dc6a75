import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, CardContent, LinearProgress, Typography } from '@mui/material';
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
 * parameters, its table shown in the card. Without a file name or parameters it says what it needs instead.
 */
export function ReportCard({ fileName, params }: { fileName?: string | null; params?: ReportParams | null }) {
  const ready = reportCardReady(fileName, params);
  const [reportId, setReportId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const paramsKey = JSON.stringify(params ?? null);

  // The report is found by its file name among those the user may run (the run call takes its id).
  useEffect(() => {
    setReportId(null);
    setFailure(null);
    if (!ready) return;
    let live = true;
    reportApi.reports().then((list) => {
      if (!live) return;
      const found = list.find((r) => r.FileName === fileName);
      if (found) setReportId(found.ReportId);
      else setFailure(`The report '${fileName}' is not one you may run.`);
    }, (error: unknown) => live && setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The report could not be loaded.'));
    return () => { live = false; };
  }, [ready, fileName]);

  const spec = useMemo<RunSpec | null>(
    () => (reportId === null ? null : { ReportId: reportId, Params: JSON.parse(paramsKey) as ReportParams, generation: 1 }),
    [reportId, paramsKey],
  );
  const run = useReportRun(spec);

  return (
    <Card variant="outlined" component="section" aria-labelledby="report-card-title">
      <CardContent>
        <Typography component="h2" variant="h6" id="report-card-title" gutterBottom>{reportCardTitle}</Typography>
        {!ready && <Alert severity="error" role="alert">{reportCardNeedsMessage}</Alert>}
        {ready && (failure ?? run.failure) && <Alert severity="error" role="alert">{failure ?? run.failure}</Alert>}
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
