import Fastify from 'fastify';
import knexFactory from 'knex';

/**
 * The floor of the chosen stack: the call's statements (as captured from the real server) run through knex on pg
 * behind one Fastify route, answering the page's rows, with no hook, no authentication and no query building. What
 * the API costs beyond it is this product's own code; what it costs beyond the bare floor (floor-server.ts) is the
 * stack's too. Started by the grid benchmark with the statements as argv[2].
 */
const statements = JSON.parse(process.argv[2]) as Record<string, Array<{ sql: string; bindings: unknown[]; name?: string }>>;
const db = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 10 } });
// knex binds with ?, the captured text has pg's $n: turned back once, here.
const asKnex = Object.fromEntries(Object.entries(statements).map(([name, list]) => [name, list.map((st) => ({ ...st, sql: st.sql.replace(/\$\d+/g, '?') }))]));

const app = Fastify();
app.get<{ Querystring: { scenario?: string } }>('/', async (request, reply) => {
  const scenario = asKnex[request.query.scenario ?? ''];
  if (!scenario) return reply.code(404).send();
  let rows: unknown[] = [];
  for (const st of scenario) {
    const raw = db.raw(st.sql, st.bindings as never[]);
    const result = await (st.name ? raw.options({ name: st.name }) : raw);
    if (result.rows.length >= rows.length) rows = result.rows;
  }
  return { Items: rows };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
