export * from './types.ts';
export * from './compose.ts';
export * from './notifications.ts';
