import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Box, Button, FormHelperText, MenuItem, Paper, Stack, TextField } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { DatePickerControl } from '../../../engine/widgets/date-picker/DatePickerWidget.tsx';
import { resolveDatePickerConfig } from '../../../engine/widgets/date-picker/config.ts';
import { useSession } from '../../stores/session.ts';
import { ListRoute } from '../screen/ListRoute.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import {
  clientErrorKindOptions, filterQuery, noFilters, periodProblem, saveFilters, savedFilters, type ClientErrorFilters,
} from './client-error-filters.ts';

const dateConfig = resolveDatePickerConfig({ minView: 'day', startView: 'day' });
/** The grid's paging parameters: a new filter starts again at the first page. */
const pagingParams = ['page', 'after', 'before', 'last'];

/**
 * /clienterrorlog (registered as 'ClientErrorLogList'): the generic list of the client error log, with a bar that
 * narrows it to a kind of entry and a period of days; the list and its export carry the same filters.
 */
export function ClientErrorLogList({ screen }: ScreenComponentProps) {
  const entry = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.list`);
  const navigate = useNavigate();
  const location = useLocation();
  const [filters, setFilters] = useState<ClientErrorFilters>(savedFilters);
  if (!entry) return <NotFoundPage />;

  const change = (next: Partial<ClientErrorFilters>) => {
    const merged = { ...filters, ...next };
    setFilters(merged);
    saveFilters(merged);
    const params = new URLSearchParams(location.search);
    if (pagingParams.some((p) => params.has(p))) {
      for (const p of pagingParams) params.delete(p);
      navigate({ pathname: location.pathname, search: params.toString() ? `?${params}` : '' }, { replace: true });
    }
  };
  const problem = periodProblem(filters);
  const filtered = filters.type || filters.from || filters.to;
  const bar = (
    <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select size="small" label="Type" value={filters.type} sx={{ minWidth: { xs: 0, sm: 240 }, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
          onChange={(e) => change({ type: e.target.value })}
        >
          <MenuItem value="">All types</MenuItem>
          {clientErrorKindOptions.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
        </TextField>
        <Box sx={{ minWidth: 200 }}>
          <DatePickerControl id="client-errors-from" label="From" value={filters.from || undefined} config={dateConfig} dateOnly
            error={Boolean(problem)} onChange={(v) => change({ from: v ?? '' })} />
        </Box>
        <Box sx={{ minWidth: 200 }}>
          <DatePickerControl id="client-errors-to" label="To" value={filters.to || undefined} config={dateConfig} dateOnly
            error={Boolean(problem)} onChange={(v) => change({ to: v ?? '' })} />
          {problem && <FormHelperText error role="alert">{problem}</FormHelperText>}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<FilterAltOffIcon />} disabled={!filtered} onClick={() => change(noFilters)} sx={{ alignSelf: { md: 'center' }, whiteSpace: 'nowrap', flexShrink: 0 }}>
          Clear filters
        </Button>
      </Stack>
    </Paper>
  );
  return <ListRoute entry={entry} screen={screen} filters={bar} extraQuery={filterQuery(filters)} />;
}
