export * from './types.ts';
export * from './config-item-schema.ts';
export * from './compose-setting-form.ts';
export * from './setting-values.ts';
export * from './save-errors.ts';
