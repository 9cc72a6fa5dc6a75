/** What a list call answers (spec 2 section 3, "Grid list response"). */
export interface ListResult<Row = Record<string, unknown>> {
  Items: Row[];
  TotalCount: number;
  CircleAccess: Array<{ Key: number; Value: string }>;
}

/** Fetches one page: given the list call's query string. The app binds this to its API; stories pass fakes. */
export type ListDataSource<Row = Record<string, unknown>> = (query: string, signal: AbortSignal) => Promise<ListResult<Row>>;
