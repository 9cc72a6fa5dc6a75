export * from './display.ts';
export * from './incoming.ts';
export * from './null-date.ts';
export * from './outgoing.ts';
export * from './record-info.ts';
export * from './us-date.ts';
