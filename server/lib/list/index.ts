export { runList, type ListOptions } from './run-list.ts';
export { listQuerySchema, listResponseSchema } from './schemas.ts';
export type { ListQuery, ListResult } from './types.ts';
export { exportCsv, listBatches, listRows, csvCell, sendCsv, exportStrategyFor, type ExportStrategy } from './export-csv.ts';
export { prepareList, dataColumnsOf, type PreparedList } from './prepare.ts';
