export * from './actions.ts';
export * from './saved-view.ts';
