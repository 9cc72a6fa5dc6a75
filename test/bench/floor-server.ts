import { createServer } from 'node:http';
import pg from 'pg';

/**
 * The least an HTTP API can do for a list call: run the call's statements on pg (the session check and the list's
 * own SQL, as captured from the real server, named where it names them) and send the page's rows as JSON (those of
 * the statement that returned the most: the page, not the count or the page's locks that may run after it). No
 * framework, no authentication logic, no query building. Its figures are the floor for any server on this stack and
 * machine, against which the real one is compared. Started by the grid benchmark with the statements as argv[2].
 */
const statements = JSON.parse(process.argv[2]) as Record<string, Array<{ sql: string; bindings: unknown[]; name?: string }>>;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const server = createServer(async (request, response) => {
  const scenario = statements[new URL(request.url ?? '/', 'http://x').searchParams.get('scenario') ?? ''];
  if (!scenario) return response.writeHead(404).end();
  let rows: unknown[] = [];
  for (const st of scenario) {
    const result = await pool.query({ text: st.sql, values: st.bindings, name: st.name });
    if (result.rows.length >= rows.length) rows = result.rows;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Items: rows }));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
