import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import type { ChartData, ListData, NumberData, ReportData } from './home-api.ts';

type Renderer = (data: Record<string, unknown>, title: string) => ReactNode;

// The charting library and the report table come only with a widget that shows one: a home of counts and lists, or
// none at all, does not fetch them.
const ReportChart = lazy(() => import('../reports/ReportChart.tsx').then((m) => ({ default: m.ReportChart })));
const ReportTable = lazy(() => import('../reports/ReportTable.tsx').then((m) => ({ default: m.ReportTable })));
const drawing = (body: ReactNode) => <Suspense fallback={<Skeleton variant="rounded" height={160} aria-label="Drawing" />}>{body}</Suspense>;

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

function NumberCard({ data }: { data: NumberData }) {
  return <Typography component="p" variant="h2" sx={{ fontSize: '2.5rem', fontWeight: 600 }} data-widget-value>{numberFormat.format(data.Value)}</Typography>;
}

/** An address of this application opens in it; another site's in a new tab. */
function ItemLink({ url, children }: { url: string; children: ReactNode }) {
  if (url.startsWith('/')) return <Link component={RouterLink} to={url}>{children}</Link>;
  return <Link href={url} target="_blank" rel="noopener noreferrer">{children}</Link>;
}

function ListCard({ data }: { data: ListData }) {
  if (!data.Items.length) return <Typography color="text.secondary">{data.Empty}</Typography>;
  return (
    <List dense disablePadding>
      {data.Items.map((item, i) => (
        <ListItem key={`${item.Title}-${i}`} disableGutters>
          <ListItemText primary={item.Url ? <ItemLink url={item.Url}>{item.Title}</ItemLink> : item.Title} secondary={item.Detail} />
        </ListItem>
      ))}
    </List>
  );
}

function ReportCardBody({ data, title }: { data: ReportData; title: string }) {
  if (data.Show === 'chart' && data.Result.Chart) return <ReportChart chart={data.Result.Chart} />;
  return (
    <>
      <ReportTable result={data.Result} caption={title} />
      <Link component={RouterLink} to={`/reportmodule/view?reportId=${data.ReportId}`}>Open the report</Link>
    </>
  );
}

const list: Renderer = (data) => <ListCard data={data as unknown as ListData} />;

/** Each kind's renderer by kind name, as the server registers each kind's data function. */
export const widgetRenderers: Record<string, Renderer> = {
  number: (data) => <NumberCard data={data as unknown as NumberData} />,
  chart: (data) => drawing(<ReportChart chart={data as unknown as ChartData} />),
  report: (data, title) => drawing(<ReportCardBody data={data as unknown as ReportData} title={title} />),
  favourites: list,
  recent: list,
  sessions: list,
  bulletins: list,
  links: list,
};
