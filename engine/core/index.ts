export * from './messages.ts';
export * from './ajv.ts';
export * from './error-items.ts';
export * from './screen-document.ts';
export * from './grid-state.ts';
export * from './validation/index.ts';
export * from './dates/index.ts';
export * from './rules/index.ts';
