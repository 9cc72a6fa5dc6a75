import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Stack } from '@mui/material';
import type { ColumnDefinition, ListDefinition } from '../../core/screen-document.ts';
import {
  actionHandling, actionMessages, actionUrl, circleGrants, isGranted, isRowActionVisible, isSetActionVisible, placeRowActions,
  type CircleAccessEntry, type PageAction, type PageActions,
} from '../../core/grid/actions.ts';
import { notify } from '../notifications/store.ts';
import { ActionButton } from './ActionButton.tsx';
import { gridMessages } from './messages.ts';
import type { ActionHandler, PageActionsSource } from './types.ts';

/** The column that holds row actions no action column names. */
export const actionsColumnField = '__actions';

/** The page-action call for the list's access page id; none when the list has no page id or no source. */
export function usePageActions(source: PageActionsSource | undefined, pageId: number | undefined): PageActions | null {
  const [actions, setActions] = useState<PageActions | null>(null);
  useEffect(() => {
    if (!source || !pageId) return;
    const controller = new AbortController();
    source(pageId, controller.signal).then(setActions, (error: unknown) => {
      // Without the call's answer the grid shows no actions; the list itself still works.
      if ((error as Error)?.name !== 'AbortError') setActions(null);
    });
    return () => controller.abort();
  }, [source, pageId]);
  return source && pageId ? actions : null;
}

export interface GridActions<Row> {
  /** Action columns to show after the data columns: those whose action some circle grants, then the actions column. */
  columns: ColumnDefinition[];
  /** Set actions some circle grants, for above the grid. */
  setActions: PageAction[];
  renderCell(row: Row, column: ColumnDefinition): ReactNode;
  columnClass(column: ColumnDefinition): string | undefined;
  run(action: PageAction, row: Row | null, column?: ColumnDefinition): void;
}

/**
 * Row and set actions (spec 2 sections 3 and 6): shown where CircleAccess grants them (engine/core/grid/actions.ts),
 * run by a handler registered under the ActionName, else by opening the action URL with the row id and params,
 * else answered with 'Functionality has not been implemented'.
 */
export function useGridActions<Row extends Record<string, unknown>>(
  list: ListDefinition,
  idField: string,
  actions: PageActions | null,
  circleAccess: CircleAccessEntry[] | undefined,
  handlers: Record<string, ActionHandler<Row>> = {},
): GridActions<Row> {
  const navigate = useNavigate();
  const grants = useMemo(() => circleGrants(circleAccess), [circleAccess]);
  const { byColumn, unplaced } = useMemo(() => placeRowActions(list, actions?.DataRowActions ?? []), [list, actions]);
  const trailing = unplaced.filter((a) => isGranted(a, grants, null));
  const columns = list.columns.filter((c) => c.type === 'action' && byColumn.has(c.field) && isGranted(byColumn.get(c.field)!, grants, null));
  if (trailing.length) columns.push({ field: actionsColumnField, label: 'Actions', type: 'action' });
  const setActions = (actions?.DataSetActions ?? []).filter((a) => isSetActionVisible(a, grants));

  function run(action: PageAction, row: Row | null, column?: ColumnDefinition) {
    const how = actionHandling(action, handlers);
    if (how === 'unimplemented') {
      notify('warning', actionMessages.unimplemented);
      return;
    }
    if (how === 'handler') {
      Promise.resolve()
        .then(() => handlers[action.ActionName](row, action))
        .catch(() => notify('error', gridMessages.selectFailed));
      return;
    }
    // A row action's URL takes the row id: a row without one cannot be opened.
    const id = row ? row[idField] : null;
    if (row && (id === null || id === undefined || id === '')) {
      notify('error', gridMessages.selectFailed);
      return;
    }
    const url = actionUrl(action.Url!, row ? (id as string | number) : null, column?.params, row ?? undefined);
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) window.location.assign(url);
    else void navigate(url);
  }

  function renderCell(row: Row, column: ColumnDefinition): ReactNode {
    if (column.field === actionsColumnField) {
      const shown = trailing.filter((a) => isRowActionVisible(a, row, grants));
      return (
        <Stack direction="row" spacing={1}>
          {shown.map((a) => <ActionButton key={a.ActionId} action={a} onRun={() => run(a, row)} />)}
        </Stack>
      );
    }
    const action = byColumn.get(column.field);
    if (!action || !isRowActionVisible(action, row, grants, column)) return null;
    return <ActionButton action={action} onRun={() => run(action, row, column)} />;
  }

  const columnClass = (column: ColumnDefinition) =>
    (column.field === actionsColumnField ? trailing[0]?.ColumnCss : byColumn.get(column.field)?.ColumnCss) ?? undefined;

  return { columns, setActions, renderCell, columnClass, run };
}
