export * from './conditions.ts';
export * from './copy-rule.ts';
export * from './evaluate-rules.ts';
export * from './path.ts';
export * from './rule-list-faults.ts';
export * from './types.ts';
