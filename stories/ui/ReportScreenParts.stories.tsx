import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Paper, Stack } from '@mui/material';
import { ReportChooser } from '../../ui/screens/reports/ReportChooser.tsx';
import { ReportTable } from '../../ui/screens/reports/ReportTable.tsx';
import { ReportChart } from '../../ui/screens/reports/ReportChart.tsx';
import { ReportCard } from '../../ui/screens/reports/ReportCard.tsx';
import type { Report, ReportCategory, ReportResult } from '../../ui/screens/reports/report-api.ts';

const categories: ReportCategory[] = [{ CategoryId: 1, Title: 'Users and Access', DisplayOrder: 1 }, { CategoryId: 2, Title: 'Activity', DisplayOrder: 2 }];
const report = (ReportId: number, ReportDispName: string, CategoryId: number, Description: string, IsFavorite = false): Report => ({
  ReportId, ReportDispName, Description, DisplayOrder: ReportId, CategoryId, ReportCategoryId: CategoryId, FileName: `report-${ReportId}`,
  IsFavorite, UserFavoriteReportId: IsFavorite ? 9 : null, ShowHelpText: false, HelpText: null,
});
const reports = [
  report(1, 'Users by Role and Status', 1, 'How many users each role holds, active and inactive.', true),
  report(2, 'Sign-ins over Time', 1, 'Sign-ins per day.'),
  report(3, 'Changes per User', 2, 'What each user created, changed, deactivated and deleted.'),
];
const result: ReportResult = {
  Columns: [{ Name: 'Role', Title: 'Role', Type: 'string' }, { Name: 'Status', Title: 'Status', Type: 'string' }, { Name: 'UserCount', Title: 'Users', Type: 'number', Total: 'sum' }],
  Rows: [
    { Role: 'Administrator', Status: 'Active', UserCount: 2 }, { Role: 'Clerk', Status: 'Active', UserCount: 14 }, { Role: 'Clerk', Status: 'Inactive', UserCount: 3 },
  ],
  Total: 3,
  Totals: { UserCount: 19 },
  Groups: [{ Key: 'Administrator', Totals: { UserCount: 2 } }, { Key: 'Clerk', Totals: { UserCount: 17 } }],
  Chart: { Kind: 'bar', Title: 'Users per role', Labels: ['Administrator', 'Clerk'], Series: [{ Name: 'UserCount', Title: 'Users', Values: [2, 17] }] },
};

/** The reports screen's parts as they show a result: the chooser beside the table with its subtotals and totals. */
function ReportParts({ withChart }: { withChart: boolean }) {
  const [chosen, setChosen] = useState<number | null>(1);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  return (
    <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ p: 1, width: 320 }}>
        <ReportChooser reports={reports} categories={categories} chosenId={chosen} onChoose={(r) => setChosen(r.ReportId)} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
        <ReportTable result={result} caption="Users by Role and Status"
          paging={{ page, pageSize, sorts: [], busy: false, onPage: setPage, onPageSize: setPageSize, onSort: () => undefined }} />
        {withChart && result.Chart && <ReportChart chart={result.Chart} />}
      </Paper>
    </Stack>
  );
}

const meta = {
  title: 'Screens/Reports/ReportScreenParts',
  component: ReportParts,
  args: { withChart: false },
} satisfies Meta<typeof ReportParts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A report chosen (it has favourites: the star), its result with the groups' subtotals and the total. */
export const ChooserAndResult: Story = {};

/** The same with the report's bar chart under the table. */
export const WithChart: Story = { args: { withChart: true } };

/** The 'Print Invoice' card without a file name: it says what it needs instead of running anything. */
export const ReportCardWithoutItsFile: Story = { render: () => <ReportCard fileName="" params={{ InvoiceId: '12' }} /> };
