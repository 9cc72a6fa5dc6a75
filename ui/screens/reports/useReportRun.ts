import { useEffect, useRef, useState } from 'react';
import { ApiError, writeInFlightMessage } from '../../api/client.ts';
import { reportApi, type ReportParams, type ReportResult, type RunRequest, type Sort } from './report-api.ts';

export const pageSizes = [10, 20, 50, 100] as const;
export const serverFailureMessage = 'The report could not be produced because of an error on the server. Try again; if it happens again, tell your administrator.';
export const fieldFailureMessage = 'Some filters are not right: correct those marked and generate the report again.';

/** What the viewer runs: a report with the filters' values; `generation` rises with each Generate, so the same filters run again. */
export interface RunSpec { ReportId: number; Params: ReportParams; generation: number }

/** A failed run in words for the viewer (408: the server's own message), and the field errors of a 400 by Param. */
export function describeRunFailure(error: unknown): { message: string; fields: Record<string, string> } {
  if (!(error instanceof ApiError)) return { message: serverFailureMessage, fields: {} };
  const fields: Record<string, string> = {};
  for (const item of error.items) if (item.PropertyName) fields[item.PropertyName] = item.ErrorMessage;
  if (error.status === 400 && Object.keys(fields).length) return { message: fieldFailureMessage, fields };
  if (error.status >= 500) return { message: serverFailureMessage, fields };
  return { message: error.items[0]?.ErrorMessage ?? serverFailureMessage, fields };
}

/**
 * The run, waiting its turn: the client sends one POST at a time, and the run a page change replaces (aborted just
 * now) or a favourite being saved may still hold that turn for a moment.
 */
export async function runWhenFree(request: RunRequest, signal: AbortSignal): Promise<ReportResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await reportApi.run(request, signal);
    } catch (error) {
      const busy = error instanceof ApiError && error.status === 0 && error.message === writeInFlightMessage;
      if (!busy || attempt >= 100 || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * A report's result, one page at a time from the server: the page, its size and the sort are the viewer's, and
 * each change asks again. A new spec (Generate) goes back to the first page. Field errors go to `onFieldErrors`.
 */
export function useReportRun(spec: RunSpec | null, onFieldErrors?: (fields: Record<string, string>) => void) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(pageSizes[0]);
  const [sorts, setSorts] = useState<Sort[]>([]);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onFields = useRef(onFieldErrors);
  useEffect(() => { onFields.current = onFieldErrors; }, [onFieldErrors]);

  // A new Generate starts from the first page of the default order.
  const [seen, setSeen] = useState(spec);
  if (spec !== seen) {
    setSeen(spec);
    setPage(1);
    setSorts([]);
    setResult(null);
  }

  // The whole result's count, totals, subtotals and chart, kept per Generate: paging and sorting ask for the page alone.
  const summary = useRef<{ spec: RunSpec; of: Omit<ReportResult, 'Columns' | 'Rows'> } | null>(null);

  useEffect(() => {
    if (!spec) return;
    const controller = new AbortController();
    setLoading(true);
    setFailure(null);
    const kept = summary.current?.spec === spec ? summary.current.of : null;
    runWhenFree({ ReportId: spec.ReportId, Params: spec.Params, Page: page, PageSize: pageSize, ...(sorts.length ? { Sorts: sorts } : {}), ...(kept ? { Summary: false } : {}) }, controller.signal)
      .then((answer) => {
        const { Columns, Rows, ...of } = answer;
        if (!kept) summary.current = { spec, of };
        setResult(kept ? { ...kept, Columns, Rows } : answer);
      }, (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        const { message, fields } = describeRunFailure(error);
        setResult(null);
        setFailure(message);
        if (Object.keys(fields).length) onFields.current?.(fields);
      })
      .finally(() => { if (!controller.signal.aborted) setLoading(false); });
    return () => controller.abort();
  }, [spec, page, pageSize, sorts]);

  /** A click on a column's header: ascending, then descending, then the report's own order. */
  const toggleSort = (field: string) => {
    const now = sorts.find((s) => s.Field === field)?.Dir;
    setSorts(now === undefined ? [{ Field: field, Dir: 'asc' }] : now === 'asc' ? [{ Field: field, Dir: 'desc' }] : []);
    setPage(1);
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };

  return { page, setPage, pageSize, setPageSize: changePageSize, sorts, toggleSort, result, loading, failure };
}
