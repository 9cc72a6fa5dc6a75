import { lazy, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { recordReportParams } from './record-report-params.ts';

// The reports screens' chunk is fetched only when a record that shows a report is opened.
const ReportCard = lazy(() => import('../reports/index.ts').then((m) => ({ default: m.ReportCard })));

/** The report a built form shows under each record (its Report tab in Form Management), filled from the record. */
export function RecordReportSection({ screen, record }: { screen: ScreenDocument; record: Record<string, unknown> }) {
  const report = screen.form?.recordReport;
  // A field the user may not read is absent from the record: what it would filter is not theirs to see either.
  if (!report || report.params.some((p) => p.field && !(p.field in record))) return null;
  return (
    <Box sx={{ mt: 3, maxWidth: 880 }}>
      <Suspense fallback={<LinearProgress aria-label="Loading the report" />}>
        <ReportCard fileName={report.fileName} params={recordReportParams(report, record)} quiet />
      </Suspense>
    </Box>
  );
}
