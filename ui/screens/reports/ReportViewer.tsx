import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { ExportButtons } from './ExportButtons.tsx';
import { ReportChart } from './ReportChart.tsx';
import { ReportTable } from './ReportTable.tsx';
import type { Report } from './report-api.ts';
import { useReportRun, type RunSpec } from './useReportRun.ts';

export interface ReportViewerProps {
  report: Report;
  spec: RunSpec;
  /** A 400's field errors, for the filters they are about. */
  onFieldErrors: (fields: Record<string, string>) => void;
}

/** The report's result: its table paged and sorted on the server, the totals, the chart and the exports. */
export function ReportViewer({ report, spec, onFieldErrors }: ReportViewerProps) {
  const run = useReportRun(spec, onFieldErrors);
  const { result } = run;
  return (
    <Stack component="section" spacing={2} aria-labelledby="report-viewer-title" aria-busy={run.loading}>
      <Typography component="h2" variant="h6" id="report-viewer-title">Result</Typography>
      {run.loading && <LinearProgress aria-label="Loading the report" />}
      {run.failure && <Alert severity="error" role="alert">{run.failure}</Alert>}
      {result && (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {result.Total === 1 ? '1 row' : `${result.Total} rows`}
          </Typography>
          <ReportTable
            result={result}
            caption={`${report.ReportDispName}, page ${run.page}`}
            paging={{
              page: run.page, pageSize: run.pageSize, sorts: run.sorts, busy: run.loading,
              onPage: run.setPage, onPageSize: run.setPageSize, onSort: run.toggleSort,
            }}
          />
          {result.Chart && <Box sx={{ maxWidth: 900 }}><ReportChart chart={result.Chart} /></Box>}
          <ExportButtons reportId={spec.ReportId} params={spec.Params} sorts={run.sorts} total={result.Total} />
        </>
      )}
    </Stack>
  );
}
