export { checkColumnName, checkIdentifier, RecordTableError, reservedColumnNames, sqlTypes, type ColumnDescription, type SqlType } from './columns.ts';
export { supportedTypeChanges } from './conversions.ts';
export { columnSearchIndexName, createColumnSearchIndex, createOrderIndex, createUdfOrderIndex, createUdfSearchIndex, dropUdfIndexes, orderIndexName, searchColumns, setSearchColumns, udfIndexNames } from './indexes.ts';
export { addColumn, columnType, createRecordTable, renameColumn } from './tables.ts';
export { applyTypeChange, planTypeChange, TypeChangeRefused, type TypeChangePlan } from './type-change.ts';
