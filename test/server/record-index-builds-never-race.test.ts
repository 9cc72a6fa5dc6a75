import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { buildRecordIndexesLater, ensureRecordIndexes, recordIndexesBuilt } from '../../server/modules/forms/record-indexes.ts';

type Method = 'GET' | 'POST' | 'DELETE';

const field = (FormId: number, Name: string, FieldType: string, IsUdf = false) => ({
  FormId, Name, ReportLabelText: IsUdf ? null : Name, FieldType, IsUdf, IsActive: true, StartDate: IsUdf ? '2020-01-01' : null, EndDate: null, AttributeValues: {},
});

/** The list indexes the background build makes (the b-trees and trigram indexes of fields and UDFs; the table's own stay). */
async function listIndexes(db: Knex, table: string): Promise<string[]> {
  const { rows } = await db.raw(`select indexname as "Name" from pg_indexes where tablename = ? and (indexname like '%\\_order' or indexname like '%\\_trgm' or indexname like '%\\_udf\\_%') and indexname <> ? order by 1`, [table, `${table}_search_trgm`]);
  return (rows as Array<{ Name: string }>).map((r) => r.Name);
}

/**
 * Two background builds of one form's indexes at once (two changes in quick succession, or two server processes)
 * must not both create one index: `create index if not exists` of one name, run at once, passes its check twice and
 * fails on the catalog's unique index (pg_class_relname_nsp_index). They take turns under the form's lock.
 */
describe.each(databases)("a form's index builds at once never race, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  const call = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const table = () => `form_records_${formId}`;

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await call('POST', '/api/forms', { Name: 'Race Track', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).json().FormId;
    const fields = [['Title', 'text'], ['Lap', 'integer'], ['Driver', 'text'], ['Started', 'date'], ['Team', 'text', true], ['Points', 'decimal', true], ['Pit Crew', 'text', true]] as const;
    for (const [name, type, udf] of fields) expect((await call('POST', '/api/formfields', field(formId, name, type, udf))).statusCode).toBe(201);
    for (let i = 0; i < 40; i++) {
      const res = await call('POST', `/api/forms/${formId}/records`, { Title: `Lap ${i}`, Lap: i, Driver: `Driver ${i % 7}`, Started: '2024-05-01', Team: `Team ${i % 3}`, Points: i / 2, PitCrew: `Crew ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    await recordIndexesBuilt(formId);
  });

  /** Drops the list indexes, so the next builds have every one of them to make. */
  async function dropListIndexes(): Promise<string[]> {
    const names = await listIndexes(t.app.db, table());
    for (const name of names) await t.app.db.raw('drop index ??', [name]);
    expect(await listIndexes(t.app.db, table())).toEqual([]);
    return names;
  }

  it('builds every index once when four builds start together', async () => {
    const built = await dropListIndexes();
    expect(built.length).toBeGreaterThanOrEqual(9);
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => ensureRecordIndexes(t.app.db, formId, table())));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await listIndexes(t.app.db, table())).toEqual(built);
  });

  it('logs no failure when two background builds are asked for at once', async () => {
    const built = await dropListIndexes();
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    buildRecordIndexesLater(t.app.db, formId, table(), log);
    buildRecordIndexesLater(t.app.db, formId, table(), log);
    await recordIndexesBuilt(formId);
    expect(warnings).toEqual([]);
    expect(await listIndexes(t.app.db, table())).toEqual(built);
  });
});
