export { runList, type ListOptions } from './run-list.ts';
export { listQuerySchema, listResponseSchema } from './schemas.ts';
export type { ListQuery, ListResult } from './types.ts';
