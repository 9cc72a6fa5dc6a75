export * from './types.ts';
export * from './field-types.ts';
export * from './attribute-faults.ts';
export * from './compose-form.ts';
