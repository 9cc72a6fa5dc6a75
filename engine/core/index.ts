export * from './messages.ts';
export * from './ajv.ts';
export * from './error-items.ts';
export * from './screen-document.ts';
export * from './grid-state.ts';
