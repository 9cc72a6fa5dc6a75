import { parse } from 'libpg-query';
import { scanSql, type ScannedSql } from './sql-text.ts';

/** What makes a statement more than a read: found anywhere in its tree (a CTE, a subquery). */
const writingNodes = ['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt'];

export class ReportDefinitionError extends Error {}

function walk(node: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(node)) { for (const item of node) walk(item, visit); return; }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) { visit(key, value); walk(value, visit); }
}

/** Why the parsed statement is not one read-only SELECT, or null when it is. */
function refusal(tree: { stmts?: Array<{ stmt: Record<string, unknown> }> }, placeholders: number): string | null {
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) return `must be one statement, not ${statements.length}`;
  const [kind] = Object.keys(statements[0].stmt);
  if (kind !== 'SelectStmt') return `must be a SELECT (or WITH ... SELECT), not ${kind.replace(/Stmt$/, '').toUpperCase()}`;
  let why: string | null = null;
  walk(statements[0].stmt, (key, value) => {
    if (why) return;
    if (writingNodes.includes(key)) why = `must only read, but holds ${key.replace(/Stmt$/, '').toUpperCase()} (a data-modifying WITH)`;
    else if (key === 'intoClause') why = 'must only read, but SELECT ... INTO creates a table';
    else if (key === 'lockingClause') why = 'must only read, but FOR UPDATE/SHARE locks rows';
    else if (key === 'ParamRef' && ((value as { number?: number }).number ?? 0) > placeholders) why = 'must name its parameters (:name), not number them ($1)';
  });
  return why;
}

/**
 * Checks a report's query (or a select's options query): ONE read-only SELECT by PostgreSQL's own parser, whose every
 * `:name` is one of `allowed`, and which uses every name of `required`. Throws ReportDefinitionError naming `where`
 * (the file, and the part of it); answers the scanned text to bind. The report builder calls this too.
 */
export async function checkReportQuery(query: string, where: string, allowed: string[], required: string[] = []): Promise<ScannedSql> {
  if (typeof query !== 'string' || !query.trim()) throw new ReportDefinitionError(`${where}: the query is empty.`);
  const scanned = scanSql(query);
  if (scanned.problems.length) throw new ReportDefinitionError(`${where}: ${scanned.problems[0]}.`);
  let tree: { stmts?: Array<{ stmt: Record<string, unknown> }> };
  try {
    tree = (await parse(scanned.parseSql)) as unknown as typeof tree;
  } catch (error) {
    throw new ReportDefinitionError(`${where}: the query is not valid SQL (${(error as Error).message}).`);
  }
  const why = refusal(tree, scanned.names.length);
  if (why) throw new ReportDefinitionError(`${where}: the query ${why}.`);
  const unknown = scanned.names.filter((n) => !allowed.includes(n));
  if (unknown.length) throw new ReportDefinitionError(`${where}: the query uses ${unknown.map((n) => `:${n}`).join(', ')}, which is not a declared parameter.`);
  const unused = required.filter((n) => !scanned.names.includes(n));
  if (unused.length) throw new ReportDefinitionError(`${where}: the parameter ${unused.join(', ')} is declared but the query does not use it.`);
  return scanned;
}
