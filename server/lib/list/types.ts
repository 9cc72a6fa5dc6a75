/** The list call's query, as every listing grid sends it. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  q?: string;
  sorts?: string;
  cols?: string;
  includeInactive?: boolean;
  /** The page after the row this cursor names (Next). */
  after?: string;
  /** The page before the row this cursor names (Previous). */
  before?: string;
  /** The last page (Last). */
  last?: boolean;
}

export interface ListResult<T> {
  Items: T[];
  TotalCount: number;
  /** True when TotalCount is the planner's estimate (a large list), to be shown as one. */
  TotalCountIsEstimate: boolean;
  CircleAccess: Array<{ Key: number; Value: string }>;
  /** Cursors naming this page's first and last rows, for Previous and Next. */
  Cursors: { First: string | null; Last: string | null };
}
