import type { Knex } from 'knex';

const marker = (param: string) => `\u0000${param}\u0000` as never;
const paramOf = (binding: unknown) => (typeof binding === 'string' && binding.startsWith('\u0000') && binding.endsWith('\u0000') ? binding.slice(1, -1) : undefined);

/**
 * A query that knex builds into SQL once, with named parameters filled in on each run, and that runs as the
 * named prepared statement `name`. For the queries every request runs (the session check), where building the
 * SQL again each time cost the server more than PostgreSQL running it. `build` gets `param`, standing for a value
 * (typed `never` so that it fits wherever a value goes); other values it binds are kept as they are.
 */
export function statementTemplate<P extends string, Row = Record<string, unknown>>(
  db: Knex,
  name: string,
  build: (param: (p: P) => never) => Knex.QueryBuilder | Knex.Raw,
): (values: Record<P, Knex.Value>) => Promise<Row[]> {
  const { sql, bindings } = build(marker).toSQL();
  const slots = bindings.map((b) => ({ param: paramOf(b) as P | undefined, value: b }));
  return async (values) => {
    const result = await db.raw(sql, slots.map((s) => (s.param === undefined ? s.value : values[s.param]))).options({ name });
    return result.rows;
  };
}

/**
 * statementTemplate for a statement that any database or transaction may run: built on first use with each (a
 * transaction gets its own, and the text is the same, so the named plan is shared on the connection).
 */
export function preparedStatement<P extends string, Row = Record<string, unknown>>(
  name: string,
  build: (db: Knex, param: (p: P) => never) => Knex.QueryBuilder | Knex.Raw,
): (db: Knex, values: Record<P, Knex.Value>) => Promise<Row[]> {
  const built = new WeakMap<Knex, (values: Record<P, Knex.Value>) => Promise<Row[]>>();
  return (db, values) => {
    let run = built.get(db);
    if (!run) built.set(db, (run = statementTemplate<P, Row>(db, name, (param) => build(db, param))));
    return run(values);
  };
}
