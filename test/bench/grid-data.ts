import type { Knex } from 'knex';
import * as listIndexes from '../../server/db/migrations/020_user_list_indexes.ts';

const firstNames = ['Kofi', 'Ama', 'Kwame', 'Efua', 'Yaw', 'Akosua', 'Kojo', 'Abena', 'Kwesi', 'Adwoa', 'Ada', 'Grace', 'Alan', 'Barbara', 'Linus', 'Radia', 'Ken', 'Frances', 'Edsger'];
const lastNames = ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Addo', 'Appiah', 'Darko', 'Lovelace', 'Hopper', 'Turing', 'Liskov', 'Knuth', 'Hamilton', 'Torvalds', 'Perlman', 'Thompson', 'Allen', 'Dijkstra', 'Ritchie', 'Kernighan', 'Stroustrup', 'Wirth', 'Hoare', 'Backus', 'Lamport', 'Milner', 'Naur', 'Engelbart', 'Sutherland'];

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(',')}]`;

/**
 * Fills users up to `count` rows (1 in 19 first names is Kofi, about 5%, like the issue's 53,000 matches),
 * with the list indexes dropped during the load and built once after, then analysed.
 */
export async function ensureUsers(plain: Knex, count: number, log: (s: string) => void): Promise<void> {
  const [{ n }] = (await plain.raw('select count(*)::int as n from users')).rows as Array<{ n: number }>;
  if (n >= count) {
    log(`bench data: ${n.toLocaleString('en-US')} users already there`);
    return;
  }
  const started = performance.now();
  await listIndexes.down(plain);
  await plain.raw(`insert into users (user_name, first_name, last_name, email_address, is_active, must_change_password)
    select lower(f || '.' || l) || i, f, l, lower(f || '.' || l) || i || '@example.org', i % 10 <> 0, false
    from (select i,
                 (${sqlArray(firstNames)})[1 + (i * 7919) % ${firstNames.length}] as f,
                 (${sqlArray(lastNames)})[1 + (i * 104729) % ${lastNames.length}] as l
          from generate_series(${n + 1}::bigint, ${count}::bigint) i) people`);
  log(`bench data: inserted ${(count - n).toLocaleString('en-US')} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const indexed = performance.now();
  await listIndexes.up(plain);
  // Vacuumed as autovacuum would leave a settled table: its visibility map lets index-only scans skip the heap.
  await plain.raw('vacuum analyze users');
  log(`bench data: built the list indexes in ${((performance.now() - indexed) / 1000).toFixed(1)} s`);
}
