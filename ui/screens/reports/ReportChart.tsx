import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReportChartData } from './report-api.ts';

const height = 300;

/** The chart a report's definition asks for, over the whole result (the server computes it), titled as a figure. */
export function ReportChart({ chart }: { chart: ReportChartData }) {
  // Several charts share a page (the home's widgets): each caption's id is its own.
  const titleId = useId();
  const series = chart.Series.map((s) => ({ id: s.Name, data: s.Values, label: s.Title }));
  let drawn;
  if (chart.Kind === 'pie') {
    const values = chart.Series[0]?.Values ?? [];
    drawn = <PieChart height={height} series={[{ data: chart.Labels.map((label, i) => ({ id: i, label, value: values[i] ?? 0 })) }]} />;
  } else if (chart.Kind === 'line') {
    drawn = <LineChart height={height} xAxis={[{ scaleType: 'point', data: chart.Labels }]} series={series} />;
  } else {
    drawn = <BarChart height={height} xAxis={[{ scaleType: 'band', data: chart.Labels }]} series={series} />;
  }
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby={titleId} data-chart-kind={chart.Kind}>
      <Typography component="figcaption" id={titleId} variant="subtitle1" sx={{ fontWeight: 600 }}>{chart.Title}</Typography>
      {drawn}
    </Box>
  );
}
