import type { CircleAccessEntry, PageAction, PageActions } from '../../core/grid/actions.ts';

/** What a list call answers (spec 2 section 3, "Grid list response"). */
export interface ListResult<Row = Record<string, unknown>> {
  Items: Row[];
  TotalCount: number;
  CircleAccess: CircleAccessEntry[];
  /** True when TotalCount is an estimate (a very large list): shown as 'about'. */
  TotalCountIsEstimate?: boolean;
  /** The first and last rows' cursors, for Previous and Next without OFFSET. */
  Cursors?: { First: string | null; Last: string | null };
  /**
   * Ids of rows locked by someone else (spec 2: the lockedrecordids response header, -1 meaning all). The data
   * source passes them on, from the body or the header; the grid shows the lock notice when there are any.
   */
  LockedIds?: Array<number | string>;
}

/** Fetches one page: given the list call's query string. The app binds this to its API; stories pass fakes. */
export type ListDataSource<Row = Record<string, unknown>> = (query: string, signal: AbortSignal) => Promise<ListResult<Row>>;

/** The user's saved views (spec 1 "Preferences"): read a key ('' = none) and save one. */
export interface GridViews {
  load(key: string): Promise<string>;
  save(key: string, value: string): Promise<void>;
}

/** A finished export: the file and its name. */
export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Downloads the current view as CSV: given the export query (the list query less paging), reporting the
 * bytes received so far. The app binds this to its API with the session's headers.
 */
export type GridExporter = (query: string, onProgress: (bytes: number) => void, signal: AbortSignal) => Promise<ExportedFile>;

/** The page-action call, by access page id. */
export type PageActionsSource = (accessPageId: number, signal: AbortSignal) => Promise<PageActions>;

/** Runs an action; row is null for a set action. */
export type ActionHandler<Row = Record<string, unknown>> = (row: Row | null, action: PageAction) => void | Promise<void>;
