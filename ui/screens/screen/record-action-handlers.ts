import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { ActionHandler } from '../../../engine/react/grid/types.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { printRecord } from '../../print/print-record.ts';
import { printFailureText } from './PrintButton.tsx';

type Row = Record<string, unknown>;

/** Built forms' and pages' records: their screen ids (their row actions carry no URL: it follows the form's name). */
const isBuiltScreen = (screenId: string) => /^(form|page)-\d+$/.test(screenId);

/**
 * The row actions of a built form's records (Edit, Delete, Copy, Print: issue 30), run against the routes of the
 * screen they are shown on, so a rename of the form or a page showing it moves nothing: Edit and Delete open the
 * record's update and delete routes, Copy the create route filled from the record, Print makes its PDF.
 */
export function useRecordActionHandlers(screen: ScreenDocument, routes: readonly RouteEntry[]): Record<string, ActionHandler<Row>> | undefined {
  const navigate = useNavigate();
  return useMemo(() => {
    if (!isBuiltScreen(screen.id)) return undefined;
    const url = (kind: string) => routes.find((r) => r.Name === `${screen.id}.${kind}`)?.Url;
    const idOf = (row: Row | null) => String(row?.[screen.idField] ?? '');
    const open = (kind: string, query = '') => (row: Row | null) => {
      const target = url(kind);
      if (!target || !idOf(row)) return;
      void navigate(`${fillPath(target, { id: idOf(row) })}${query.replace('{id}', idOf(row))}`);
    };
    return {
      Edit: open('update'),
      Delete: open('delete'),
      Copy: open('create', '?copyOf={id}'),
      Print: async (row) => {
        try {
          await printRecord(`${screen.api}/${idOf(row)}`);
        } catch (error) {
          notify('error', printFailureText(error));
        }
      },
    };
  }, [screen.id, screen.api, screen.idField, routes, navigate]);
}
