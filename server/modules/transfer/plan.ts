import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Principal } from '../../types.ts';

type Row = Record<string, any>;

export type PlanAction = 'create' | 'change' | 'unchanged';
export interface PlanEntry { Kind: string; Key: string; Action: PlanAction; Changes: string[] }
export type Note = (kind: string, key: string, action: PlanAction, changes?: string[]) => void;

/**
 * Something of the target's own (not made by an import) that the document would take over, as the preview lists
 * it; `Key` is what the administrator names in the import's TakeOver to choose it.
 */
export interface Conflict { Kind: string; Key: string; Name: string; Message: string }

/** What one import's steps share: where they write, who writes, and where they report. */
export interface ApplyContext {
  app: FastifyInstance;
  trx: Knex.Transaction;
  principal: Principal;
  by: string;
  note: Note;
  conflict: (conflict: Conflict) => void;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Row)[k])]));
  return value ?? null;
}
/** The names of the properties whose wanted value differs from the stored one. */
export const differing = (stored: Row, wanted: Row, titles: Record<string, string>) => Object.entries(titles).filter(([k]) => !same(stored[k], wanted[k])).map(([, t]) => t);
