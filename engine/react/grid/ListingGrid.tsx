import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, FormControlLabel, LinearProgress, Paper, Stack, Switch } from '@mui/material';
import SaveIcon from '@mui/icons-material/BookmarkAddedOutlined';
import type { ListDefinition } from '../../core/screen-document.ts';
import { exportRequestQuery, lastPageOf, listRequestQuery, type GridAction, type GridDefaults } from '../../core/grid-state.ts';
import { assertActionColumns } from '../../core/grid/actions.ts';
import { notify } from '../notifications/store.ts';
import { useGridUrlState } from './useGridUrlState.ts';
import { useListData } from './useListData.ts';
import { useSavedView } from './useSavedView.ts';
import { useGridActions, usePageActions } from './useGridActions.tsx';
import { useGridRefresh } from './grid-refresh.ts';
import { SearchBox } from './SearchBox.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { ExportButton } from './ExportButton.tsx';
import { ActionButton } from './ActionButton.tsx';
import { GridPager, type PagerMove } from './GridPager.tsx';
import { GridTable } from './GridTable.tsx';
import { gridMessages } from './messages.ts';
import type { ActionHandler, GridExporter, GridViews, ListDataSource, PageActionsSource } from './types.ts';

export interface ListingGridProps<Row> {
  list: ListDefinition;
  idField: string;
  /** The list method; without one the grid says 'No suitable list method was found in the provided service.' */
  dataSource?: ListDataSource<Row>;
  onRowClick?: (row: Row) => void | Promise<void>;
  /** Bumped by the caller to reload the current page (e.g. after a record lock is released; see also refreshGrids()). */
  reloadKey?: number;
  /** The user's saved views: offers 'Save view' and applies the saved default when the page opens without a query. */
  views?: GridViews;
  /** CSV export of the current view: offers 'Export'. */
  exporter?: GridExporter;
  /** The page-action call, asked for the list's pageId. */
  pageActions?: PageActionsSource;
  /** Action handlers by ActionName; an action with neither handler nor URL is 'not implemented'. */
  actionHandlers?: Record<string, ActionHandler<Row>>;
}

const fallbackPageSizes = [10, 20, 50, 100];

/** The generic listing grid (spec 2 "Generic listing grids"): everything it shows comes from the screen's list definition. */
export function ListingGrid<Row extends Record<string, unknown>>({
  list, idField, dataSource, onRowClick, reloadKey = 0, views, exporter, pageActions, actionHandlers,
}: ListingGridProps<Row>) {
  // The grid refuses metadata it cannot honour (an action column naming no action) rather than guessing.
  assertActionColumns(list);
  const pageSizes = list.pageSizes ?? fallbackPageSizes;
  const defaults: GridDefaults = useMemo(
    () => ({ pageSize: list.defaultPageSize ?? pageSizes[0], sorts: list.defaultSort ?? [] }),
    [list.defaultPageSize, list.defaultSort, pageSizes],
  );
  const [state, dispatch] = useGridUrlState(defaults);
  const savedView = useSavedView(views, defaults);
  const dataColumns = list.columns.filter((c) => c.type !== 'action');
  const visible = state.cols?.filter((f) => dataColumns.some((c) => c.field === f))
    ?? dataColumns.filter((c) => !c.hidden).map((c) => c.field);
  const query = listRequestQuery(state, visible, list.pageId);
  const refreshGeneration = useGridRefresh((s) => s.generation);
  const { result, loading, error } = useListData(dataSource, query, reloadKey + refreshGeneration, savedView.ready);
  const actions = useGridActions<Row>(list, idField, usePageActions(pageActions, list.pageId), result?.CircleAccess, actionHandlers);
  const columns = [...dataColumns.filter((c) => visible.includes(c.field)), ...actions.columns];
  const total = result?.TotalCount ?? 0;
  const estimated = Boolean(result?.TotalCountIsEstimate);
  const lastPage = lastPageOf(total, state.pageSize);
  const lockedIds = result?.LockedIds ?? [];
  const locked = lockedIds.some((id) => Number(id) === -1) ? 'all' as const : new Set(lockedIds.map(String));

  // A page past the end (a shrunken result, an edited URL) is brought back to the last page.
  useEffect(() => {
    if (result && !estimated && state.page > lastPage) dispatch({ type: 'navigate', page: lastPage, nav: { last: true } }, true);
  }, [result, estimated, state.page, lastPage, dispatch]);

  /** Pager moves walk from this page's first or last row (keyset), so no move costs an OFFSET scan. */
  function move(to: PagerMove) {
    const cursors = result?.Cursors;
    const moves: Record<PagerMove, GridAction> = {
      first: { type: 'navigate', page: 1, nav: null },
      previous: cursors?.First
        ? { type: 'navigate', page: state.page - 1, nav: { before: cursors.First } }
        : { type: 'setPage', page: state.page - 1 },
      next: cursors?.Last
        ? { type: 'navigate', page: state.page + 1, nav: { after: cursors.Last } }
        : { type: 'setPage', page: state.page + 1 },
      last: { type: 'navigate', page: lastPage, nav: { last: true } },
    };
    dispatch(moves[to]);
  }

  /** A row opens only with an id, and a failure to open it is told, not swallowed (spec 2 section 8). */
  function select(row: Row) {
    const id = row[idField];
    if (id === null || id === undefined || id === '') {
      notify('error', gridMessages.selectFailed);
      return;
    }
    Promise.resolve()
      .then(() => onRowClick!(row))
      .catch(() => notify('error', gridMessages.selectFailed));
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {actions.setActions.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ px: 2, pt: 2, flexWrap: 'wrap' }} aria-label="List actions" role="group">
          {actions.setActions.map((a) => <ActionButton key={a.ActionId} action={a} onRun={() => actions.run(a, null)} />)}
        </Stack>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {list.searchable !== false && <SearchBox value={state.q} onSearch={(q) => dispatch({ type: 'setSearch', q })} />}
        {list.inactiveToggle && (
          <FormControlLabel
            control={<Switch checked={state.includeInactive} onChange={(e) => dispatch({ type: 'setIncludeInactive', includeInactive: e.target.checked })} />}
            label="Show inactive"
          />
        )}
        <Stack sx={{ flexGrow: 1 }} />
        {views && (
          <Button startIcon={<SaveIcon />} disabled={savedView.saving || !savedView.ready} onClick={() => savedView.save(state)}>Save view</Button>
        )}
        {exporter && <ExportButton exporter={exporter} query={exportRequestQuery(state, visible)} />}
        <ColumnChooser columns={dataColumns} visible={visible} onChange={(cols) => dispatch({ type: 'setColumns', cols })} />
      </Stack>
      {/* Rendered only while loading (an idle, hidden bar still animates and costs CPU); the box keeps its 4px height. */}
      {loading ? <LinearProgress aria-label="Loading the list" /> : <Box sx={{ height: 4 }} />}
      {error && <Alert severity="error" sx={{ m: 2 }}>{error}</Alert>}
      {(locked === 'all' || locked.size > 0) && <Alert severity="warning" sx={{ m: 2 }}>{gridMessages.locked}</Alert>}
      <GridTable
        columns={columns}
        rows={result?.Items ?? []}
        idField={idField}
        sorts={state.sorts}
        emptyMessage={list.emptyMessage ?? 'No records found.'}
        loading={loading}
        onSort={(field, additive) => dispatch({ type: 'toggleSort', field, additive: additive && Boolean(list.multiSort) })}
        onRowClick={onRowClick ? select : undefined}
        renderActionCell={actions.renderCell}
        columnClass={actions.columnClass}
        locked={locked}
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
