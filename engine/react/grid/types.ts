/** What a list call answers (spec 2 section 3, "Grid list response"). */
export interface ListResult<Row = Record<string, unknown>> {
  Items: Row[];
  TotalCount: number;
  CircleAccess: Array<{ Key: number; Value: string }>;
  /** True when TotalCount is an estimate (a very large list): shown as 'about'. */
  TotalCountIsEstimate?: boolean;
  /** The first and last rows' cursors, for Previous and Next without OFFSET. */
  Cursors?: { First: string | null; Last: string | null };
}

/** Fetches one page: given the list call's query string. The app binds this to its API; stories pass fakes. */
export type ListDataSource<Row = Record<string, unknown>> = (query: string, signal: AbortSignal) => Promise<ListResult<Row>>;
