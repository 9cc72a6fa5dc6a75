import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReportQuery } from '../../server/modules/reports/query-check.ts';
import { checkReportDefinition } from '../../server/modules/reports/definition-check.ts';
import { loadReportDefinitions, shippedReportsDir, syncReports } from '../../server/modules/reports/sync.ts';
import type { ReportDefinition } from '../../server/modules/reports/definition.ts';
import { syncPermissionNodes } from '../../server/modules/access/permission-nodes.ts';
import { databases, signIn, startTestApp, useTestApp } from './helper.ts';
import { reportCalls, reportsDirWith, reportUser } from './reports-fixtures.ts';

const where = 'metadata/reports/x.json Query';

describe('a report query is one read-only SELECT, by PostgreSQL\'s parser', () => {
  it.each([
    ['insert into users (user_name) values (:Name)', 'must be a SELECT (or WITH ... SELECT), not INSERT'],
    ['update users set first_name = :Name returning *', 'must be a SELECT (or WITH ... SELECT), not UPDATE'],
    ['with x as (delete from users returning *) select * from x where :Name = \'\'', 'holds DELETE (a data-modifying WITH)'],
    ['select (select count(*) from x), :Name from (with y as (insert into t values (1) returning 1) select * from y) x', 'holds INSERT'],
    ['select :Name; drop table users', 'must be one statement, not 2'],
    ['select :Name as n into copied from users', 'SELECT ... INTO creates a table'],
    ['select * from users where user_name = :Name for update', 'FOR UPDATE/SHARE locks rows'],
    ['select * from users where user_name = :Name and user_id = $2', 'must name its parameters (:name), not number them ($1)'],
    ['selec * from users where :Name', 'the query is not valid SQL'],
    ['select * from users where user_name = :Other', 'uses :Other, which is not a declared parameter'],
    ['select * from users', 'the parameter Name is declared but the query does not use it'],
    ['select :Name:x from users', ':Name: is not a placeholder'],
  ])('refuses %s', async (query, message) => {
    await expect(checkReportQuery(query, where, ['Name', 'CurrentUserId'], ['Name'])).rejects.toThrow(`${where}: `);
    await expect(checkReportQuery(query, where, ['Name', 'CurrentUserId'], ['Name'])).rejects.toThrow(message);
  });

  it('accepts a WITH ... SELECT, casts, and colons and question marks in strings and comments', async () => {
    const scanned = await checkReportQuery(`with u as (select * from users where user_id = :CurrentUserId) -- :Nope?
      select '12:30?' as t, :Name::text as n, $$:x$$ as d from u`, where, ['Name', 'CurrentUserId'], ['Name']);
    expect(scanned.names).toEqual(['CurrentUserId', 'Name']);
  });

  it('checks the rest of a definition: date range ends, a dependent select\'s parent, columns, GroupBy and Chart', async () => {
    const [shipped] = (await loadReportDefinitions()).filter((d) => d.FileName === 'records-per-form-per-month');
    const broken = (change: (d: ReportDefinition) => void) => { const d = structuredClone(shipped); change(d); return checkReportDefinition(d, 'x.json'); };
    await expect(broken(() => {})).resolves.toBeUndefined();
    await expect(broken((d) => { d.Parameters.pop(); d.Query = d.Query.replace(':ToDate::date', 'now()::date'); })).rejects.toThrow('x.json: the date range period must have exactly two ends, not 1.');
    await expect(broken((d) => { d.Parameters[0].Parent = 'Missing'; })).rejects.toThrow('Parent Missing is not another select');
    await expect(broken((d) => { d.Columns[0].Name = 'form_name'; })).rejects.toThrow('must be PascalCase');
    await expect(broken((d) => { d.GroupBy = 'Nope'; })).rejects.toThrow('GroupBy Nope is not one of the Columns.');
    await expect(broken((d) => { d.Chart!.Values = ['Form']; })).rejects.toThrow('Chart.Values Form is not a number column.');
    await expect(broken((d) => { d.Parameters[0].Options = { Query: 'delete from forms returning name as key, form_id as value' }; })).rejects.toThrow('x.json Parameters[0].Options.Query: the query must be a SELECT');
  });
});

describe('a shipped definition that writes stops the start, naming its file', () => {
  afterAll(() => { delete process.env.REPORTS_DIR; });

  it.each(databases)('on %s', async (kind) => {
    const bad = JSON.parse(await readFile(path.join(shippedReportsDir, 'active-sessions-by-role.json'), 'utf8'));
    process.env.REPORTS_DIR = await reportsDirWith([{ ...bad, FileName: 'zz-writes', Query: 'update users set is_active = false returning user_name as role, 1 as session_count' }]);
    await expect(startTestApp(kind)).rejects.toThrow(/zz-writes\.json Query: the query must be a SELECT \(or WITH \.\.\. SELECT\), not UPDATE/);
    process.env.REPORTS_DIR = await reportsDirWith([{ ...bad, FileName: 'zz-reads', ReadsAllOf: ['SessionManagement', 'Payroll'] }]);
    await expect(startTestApp(kind)).rejects.toThrow('zz-reads: ReadsAllOf names modules that do not exist: Payroll.');
    delete process.env.REPORTS_DIR;
  }, 180_000); // two starts that fail late, each a PGlite start on a loaded machine
});

describe.each(databases)('report ids and nodes stay across restarts, on %s', (kind) => {
  const t = useTestApp(kind);

  it('keeps ids by FileName, retires a report no longer shipped and brings it back with its grants', async () => {
    const snapshot = async () => (await t.app.db.raw(`select r.file_name, r.report_id, r.node_id, r.is_retired, n.is_retired as node_retired,
      array_agg(p.parameter_id order by p.param) as parameters from reports r join permission_nodes n on n.node_id = r.node_id
      left join report_parameters p using (report_id) group by 1, 2, 3, 4, 5 order by 1`)).rows;
    const before = await snapshot();
    expect(before).toHaveLength(5);
    const clerk = await reportUser(t.app, 'clerk', ['ReportModule', 'SessionManagement'], ['active-sessions-by-role']);
    const calls = reportCalls(t, () => clerk);
    const definitions = await loadReportDefinitions();
    // A restart: the screens' nodes synced (which must leave report nodes alone), then the reports in another order.
    await syncPermissionNodes(t.app.db, [...t.app.registry.screens.values()], t.app.registry.entities);
    await syncReports(t.app.db, [...definitions].reverse());
    expect(await snapshot()).toEqual(before);
    expect((await calls.get('/api/reports')).json().map((r: { FileName: string }) => r.FileName)).toEqual(['active-sessions-by-role']);

    await syncReports(t.app.db, definitions.filter((d) => d.FileName !== 'active-sessions-by-role'));
    const retired = (await snapshot()).find((r: { FileName: string }) => r.FileName === 'active-sessions-by-role');
    expect(retired).toMatchObject({ IsRetired: true, NodeRetired: true });
    expect((await calls.get('/api/reports')).json()).toEqual([]);
    expect((await reportCalls(t, () => clerk).run({ ReportId: retired.ReportId, Params: {}, Page: 1, PageSize: 10 })).statusCode).toBe(404);

    await syncReports(t.app.db, definitions);
    expect(await snapshot()).toEqual(before);
    expect((await calls.get('/api/reports')).json().map((r: { FileName: string }) => r.FileName)).toEqual(['active-sessions-by-role']);
    // The master administrator holds every report without a grant of its own.
    const admin = await signIn(t.app);
    expect((await reportCalls(t, () => admin).get('/api/reports')).json()).toHaveLength(5);
  });
});
