import { useEffect, useMemo } from 'react';
import { Alert, FormControlLabel, LinearProgress, Paper, Stack, Switch } from '@mui/material';
import type { ListDefinition } from '../../core/screen-document.ts';
import { lastPageOf, listRequestQuery, type GridAction, type GridDefaults } from '../../core/grid-state.ts';
import { useGridUrlState } from './useGridUrlState.ts';
import { useListData } from './useListData.ts';
import { SearchBox } from './SearchBox.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { GridPager, type PagerMove } from './GridPager.tsx';
import { GridTable } from './GridTable.tsx';
import type { ListDataSource } from './types.ts';

export interface ListingGridProps<Row> {
  list: ListDefinition;
  idField: string;
  dataSource: ListDataSource<Row>;
  onRowClick?: (row: Row) => void;
  /** Bumped by the caller to reload the current page (e.g. after a record lock is released). */
  reloadKey?: number;
}

const fallbackPageSizes = [10, 20, 50, 100];

/** The generic listing grid (spec 2 "Generic listing grids"): everything it shows comes from the screen's list definition. */
export function ListingGrid<Row extends Record<string, unknown>>({ list, idField, dataSource, onRowClick, reloadKey }: ListingGridProps<Row>) {
  const pageSizes = list.pageSizes ?? fallbackPageSizes;
  const defaults: GridDefaults = useMemo(
    () => ({ pageSize: list.defaultPageSize ?? pageSizes[0], sorts: list.defaultSort ?? [] }),
    [list.defaultPageSize, list.defaultSort, pageSizes],
  );
  const [state, dispatch] = useGridUrlState(defaults);
  const visible = state.cols?.filter((f) => list.columns.some((c) => c.field === f))
    ?? list.columns.filter((c) => !c.hidden).map((c) => c.field);
  const columns = list.columns.filter((c) => visible.includes(c.field));
  const query = listRequestQuery(state, visible);
  const { result, loading, error } = useListData(dataSource, query, reloadKey);
  const total = result?.TotalCount ?? 0;
  const estimated = Boolean(result?.TotalCountIsEstimate);
  const lastPage = lastPageOf(total, state.pageSize);

  // A page past the end (a shrunken result, an edited URL) is brought back to the last page.
  useEffect(() => {
    if (result && !estimated && state.page > lastPage) dispatch({ type: 'navigate', page: lastPage, nav: { last: true } }, true);
  }, [result, estimated, state.page, lastPage, dispatch]);

  /** Pager moves walk from this page's first or last row (keyset), so no move costs an OFFSET scan. */
  function move(to: PagerMove) {
    const cursors = result?.Cursors;
    const actions: Record<PagerMove, GridAction> = {
      first: { type: 'navigate', page: 1, nav: null },
      previous: cursors?.First
        ? { type: 'navigate', page: state.page - 1, nav: { before: cursors.First } }
        : { type: 'setPage', page: state.page - 1 },
      next: cursors?.Last
        ? { type: 'navigate', page: state.page + 1, nav: { after: cursors.Last } }
        : { type: 'setPage', page: state.page + 1 },
      last: { type: 'navigate', page: lastPage, nav: { last: true } },
    };
    dispatch(actions[to]);
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {list.searchable !== false && <SearchBox value={state.q} onSearch={(q) => dispatch({ type: 'setSearch', q })} />}
        {list.inactiveToggle && (
          <FormControlLabel
            control={<Switch checked={state.includeInactive} onChange={(e) => dispatch({ type: 'setIncludeInactive', includeInactive: e.target.checked })} />}
            label="Show inactive"
          />
        )}
        <Stack sx={{ flexGrow: 1 }} />
        <ColumnChooser columns={list.columns} visible={visible} onChange={(cols) => dispatch({ type: 'setColumns', cols })} />
      </Stack>
      <LinearProgress sx={{ visibility: loading ? 'visible' : 'hidden' }} aria-hidden={!loading} />
      {error && <Alert severity="error" sx={{ m: 2 }}>{error}</Alert>}
      <GridTable
        columns={columns}
        rows={result?.Items ?? []}
        idField={idField}
        sorts={state.sorts}
        emptyMessage={list.emptyMessage ?? 'No records found.'}
        loading={loading}
        onSort={(field) => dispatch({ type: 'toggleSort', field, multiSort: Boolean(list.multiSort) })}
        onRowClick={onRowClick}
      />
      <GridPager
        page={estimated ? state.page : Math.min(state.page, lastPage)}
        lastPage={lastPage}
        pageSize={state.pageSize}
        pageSizes={pageSizes}
        shown={result?.Items.length ?? 0}
        totalCount={total}
        estimated={estimated}
        onMove={move}
        onPageSize={(pageSize) => dispatch({ type: 'setPageSize', pageSize })}
      />
    </Paper>
  );
}
