import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { Page } from '../../../metadata/types/Page.ts';

const rows: Array<[label: string, value: (p: Page) => string]> = [
  ['Menu Name', (p) => p.MenuName ?? ''],
  ['Menu Description', (p) => p.MenuDescription ?? ''],
  ['Sort Order', (p) => (p.SortOrder ?? '').toString()],
  ['Parent Menu Item', (p) => p.ParentMenuItem ?? ''],
  ['Url', (p) => p.MenuUrl ?? ''],
  ['Target', (p) => p.MenuTarget ?? ''],
  ['Menu Is Active', (p) => (p.MenuIsActive === null || p.MenuIsActive === undefined ? '' : p.MenuIsActive ? 'Yes' : 'No')],
];

/** The read screen's menu information (spec 2): the menu item that links to the page, if any. */
export function PageMenuInfo({ page }: { page: Page }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="page-menu-info">
      <CardContent>
        <Typography id="page-menu-info" variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>Menu</Typography>
        {!page.MenuName ? (
          <Typography color="text.secondary">No menu item links to this page yet. Add one in Menu Items (a module link to {page.PermissionsDisplayName}).</Typography>
        ) : (
          <Stack component="dl" spacing={1} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3 }}>
            {rows.map(([label, value]) => (
              <Stack key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">{label}</Typography>
                <Typography component="dd" sx={{ m: 0 }}>{value(page) || '—'}</Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
