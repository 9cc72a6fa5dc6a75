import { beforeAll, describe, expect, it } from 'vitest';
import { databases, signIn, useTestApp, type SignedIn } from './helper.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { injection, parameterId, reportCalls, reportId, reportUser } from './reports-fixtures.ts';

describe.each(databases)('the reports calls, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let outsider: SignedIn;
  const as = (who: () => SignedIn) => reportCalls(t, who);
  const asAdmin = as(() => admin);
  const asClerk = as(() => clerk);
  const usersByRole = () => reportId(t.app, 'users-by-role-and-status');

  beforeAll(async () => {
    admin = await signIn(t.app);
    // Two roles with active and inactive users: the numbers the report must find.
    const alpha = await addRole(t.app, 'Alpha');
    const beta = await addRole(t.app, 'Beta');
    for (let i = 0; i < 7; i++) await addUser(t.app, { UserName: `a${i}`, IsActive: i % 3 !== 0, RoleIds: [alpha] });
    for (let i = 0; i < 4; i++) await addUser(t.app, { UserName: `b${i}`, IsActive: i !== 0, RoleIds: i === 1 ? [alpha, beta] : [beta] });
    clerk = await reportUser(t.app, 'clerk', ['ReportModule'], ['users-by-role-and-status'], ['RegisterUser']);
    outsider = await reportUser(t.app, 'outsider', ['MyAccount'], ['users-by-role-and-status']);
  });

  it('lists the categories and reports a user may run, and no others', async () => {
    const categories = (await asAdmin.get('/api/reports/categories')).json();
    expect(categories.map((c: { Title: string }) => c.Title)).toEqual(['Users and Access', 'Activity']);
    const reports = (await asAdmin.get('/api/reports')).json();
    expect(reports).toHaveLength(5);
    expect(reports[0]).toMatchObject({ ReportDispName: 'Users by Role and Status', FileName: 'users-by-role-and-status', IsFavorite: false, UserFavoriteReportId: null });
    expect(reports[0].CategoryId).toBe(reports[0].ReportCategoryId);
    expect((await asClerk.get('/api/reports/categories')).json().map((c: { Title: string }) => c.Title)).toEqual(['Users and Access']);
    expect((await asClerk.get('/api/reports')).json().map((r: { FileName: string }) => r.FileName)).toEqual(['users-by-role-and-status']);
  });

  it('refuses a user without ReportModule (403) and hides a report the roles do not grant (404, as an unknown one)', async () => {
    const outside = as(() => outsider);
    expect((await outside.get('/api/reports')).statusCode).toBe(403);
    expect((await outside.run({ ReportId: await usersByRole(), Params: {}, Page: 1, PageSize: 10 })).statusCode).toBe(403);
    const notGranted = await asClerk.run({ ReportId: await reportId(t.app, 'active-sessions-by-role'), Params: {}, Page: 1, PageSize: 10 });
    const unknown = await asClerk.run({ ReportId: 999999, Params: {}, Page: 1, PageSize: 10 });
    expect(notGranted.statusCode).toBe(404);
    expect(notGranted.json()).toEqual(unknown.json());
    const param = await parameterId(t.app, 'sign-ins-over-time', 'FromDate');
    expect((await asClerk.get(`/api/reports/parameter-values?parameterId=${param}`)).statusCode).toBe(404);
    expect((await asClerk.get(`/api/reports/parameters?reportCategoryId=${await reportId(t.app, 'sign-ins-over-time')}`)).statusCode).toBe(404);
  });

  it('keeps a report reading all users (ReadsAllOf) from one who sees only some users, and lets one holding a module without View All Records run its own', async () => {
    const ReportId = await usersByRole();
    const some = await reportUser(t.app, 'some-users', ['ReportModule', 'RegisterUser'], ['users-by-role-and-status', 'active-sessions-by-role']);
    const asSome = as(() => some);
    expect((await asSome.get('/api/reports')).json().map((r: { FileName: string }) => r.FileName)).toEqual([]);
    expect((await asSome.get('/api/reports/categories')).json()).toEqual([]);
    const hidden = await asSome.run({ ReportId, Params: { Roles: ['all'], Status: 'all' }, Page: 1, PageSize: 10 });
    expect(hidden.statusCode).toBe(404);
    expect((await asSome.get(`/api/reports/parameters?reportId=${ReportId}`)).statusCode).toBe(404);
    // Session Management offers no View All Records: holding it is reading all of it.
    const sessions = await reportUser(t.app, 'sessions-admin', ['ReportModule', 'SessionManagement'], ['active-sessions-by-role']);
    expect((await as(() => sessions).get('/api/reports')).json().map((r: { FileName: string }) => r.FileName)).toEqual(['active-sessions-by-role']);
    expect((await asClerk.run({ ReportId, Params: { Roles: ['all'], Status: 'all' }, Page: 1, PageSize: 10 })).statusCode).toBe(200);
  });

  it('describes the parameters: a date range as two ends sharing ParentIds, defaults resolved, a dependent select naming its parent', async () => {
    const signIns = (await asAdmin.get(`/api/reports/parameters?reportCategoryId=${await reportId(t.app, 'sign-ins-over-time')}`)).json();
    expect(signIns.map((p: { Param: string; ControlType: number; ParentIds: string }) => [p.Param, p.ControlType, p.ParentIds])).toEqual([['FromDate', 4, 'period'], ['ToDate', 4, 'period']]);
    const today = new Date().toISOString().slice(0, 10);
    expect(signIns[1]).toMatchObject({ DefaultValue: 'today', Value: today });
    expect(signIns[0].Value).toBe(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
    const changes = (await asAdmin.get(`/api/reports/parameters?reportId=${await reportId(t.app, 'changes-per-user')}`)).json();
    expect(changes[1].ParentIds).toBe(String(changes[0].ParameterId));
    expect(changes[0]).toMatchObject({ Param: 'ChangedBy', ControlType: 5, IsAllAllowed: true, AllOptionValue: 'all' });
  });

  it('offers a select\'s options with All first, narrowed by the search text', async () => {
    const roles = await parameterId(t.app, 'users-by-role-and-status', 'Roles');
    const all = (await asClerk.get(`/api/reports/parameter-values?parameterId=${roles}&value=`)).json();
    expect(all[0]).toEqual({ Key: 'All', Value: 'all' });
    expect(all.map((o: { Key: string }) => o.Key)).toEqual(expect.arrayContaining(['Alpha', 'Beta', 'System Administrator']));
    const alphaId = String((await t.app.db('roles').where({ Name: 'Alpha' }).first('RoleId')).RoleId);
    expect((await asClerk.get(`/api/reports/parameter-values?parameterId=${roles}&value=alp`)).json()).toEqual([{ Key: 'All', Value: 'all' }, { Key: 'Alpha', Value: alphaId }]);
    const status = await parameterId(t.app, 'users-by-role-and-status', 'Status');
    expect((await asClerk.get(`/api/reports/parameter-values?parameterId=${status}`)).json().map((o: { Value: string }) => o.Value)).toEqual(['active', 'inactive', 'all']);
  });

  it('filters a dependent select by its parent, and a parent value that does not exist gives []', async () => {
    const parent = await parameterId(t.app, 'changes-per-user', 'ChangedBy');
    const child = await parameterId(t.app, 'changes-per-user', 'Forms');
    // Admin changes a built form's records: the forms admin changed are offered under admin, none under the clerk.
    const form = await t.app.db('forms').insert({ Name: 'Visits', CreatedBy: 'admin' }).returning('FormId');
    const adminId = (await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).UserId;
    await t.app.db('audit_entries').insert({ Entity: `form-${form[0].FormId}`, RecordId: 1, Action: 'create', ChangedById: adminId, ChangedBy: 'admin' });
    const url = (parentId: string) => `/api/reports/dependent-values?filterId=${parent}&childId=${child}&paramName=Forms&parentId=${encodeURIComponent(parentId)}`;
    expect((await asAdmin.get(url(String(adminId)))).json()).toEqual([{ Key: 'All', Value: 'all' }, { Key: 'Visits', Value: String(form[0].FormId) }]);
    const clerkId = (await t.app.db('users').where({ UserName: 'clerk' }).first('UserId')).UserId;
    expect((await asAdmin.get(url(String(clerkId)))).json()).toEqual([{ Key: 'All', Value: 'all' }]);
    for (const missing of ['999999', injection, 'x|y~z']) {
      const res = await asAdmin.get(url(missing));
      expect(res.statusCode).toBe(200);
      expect(res.json().filter((o: { Value: string }) => o.Value !== 'all')).toEqual([]);
    }
    expect((await asAdmin.get(`/api/reports/dependent-values?filterId=${child}&childId=${parent}&parentId=1`)).statusCode).toBe(400);
  });

  it('runs a report: a page of rows, and its total, totals, groups and chart checked against counts of its own', async () => {
    const res = await asClerk.run({ ReportId: await usersByRole(), Params: { Roles: ['all'], Status: 'all' }, Page: 1, PageSize: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const perRole: Array<{ Name: string; IsActive: boolean; N: number }> = (await t.app.db.raw(`select r.name, u.is_active, count(*)::integer as n
      from user_roles ur join roles r using (role_id) join users u using (user_id) group by 1, 2`)).rows;
    expect(body.Columns.map((c: { Name: string }) => c.Name)).toEqual(['Role', 'Status', 'UserCount']);
    expect(body.Total).toBe(perRole.length);
    expect(body.Totals).toEqual({ UserCount: perRole.reduce((s, r) => s + r.N, 0) });
    expect(body.Rows).toHaveLength(Math.min(10, perRole.length));
    expect(body.Rows).toContainEqual({ Role: 'Alpha', Status: 'Inactive', UserCount: 3 });
    expect(body.Rows).toContainEqual({ Role: 'Alpha', Status: 'Active', UserCount: 5 });
    const byRole = new Map<string, number>();
    for (const r of perRole) byRole.set(r.Name, (byRole.get(r.Name) ?? 0) + r.N);
    const roles = [...byRole.keys()].sort();
    expect(body.Groups).toEqual(roles.map((Key) => ({ Key, Totals: { UserCount: byRole.get(Key) } })));
    expect(body.Chart).toEqual({ Kind: 'bar', Title: 'Users per role', Labels: roles, Series: [{ Name: 'UserCount', Title: 'Users', Values: roles.map((r) => byRole.get(r)) }] });
    const alphaId = String((await t.app.db('roles').where({ Name: 'Alpha' }).first('RoleId')).RoleId);
    const active = (await asClerk.run({ ReportId: await usersByRole(), Params: { Roles: [alphaId], Status: 'active' }, Page: 1, PageSize: 10 })).json();
    expect(active.Rows).toEqual([{ Role: 'Alpha', Status: 'Active', UserCount: 5 }]);
    // The wire may join a select-many's ids with U+001F.
    const betaId = String((await t.app.db('roles').where({ Name: 'Beta' }).first('RoleId')).RoleId);
    const joined = (await asClerk.run({ ReportId: await usersByRole(), Params: { Roles: `${alphaId}\u001F${betaId}`, Status: 'inactive' }, Page: 1, PageSize: 10 })).json();
    expect(joined.Rows).toEqual([{ Role: 'Alpha', Status: 'Inactive', UserCount: 3 }, { Role: 'Beta', Status: 'Inactive', UserCount: 1 }]);
  });

  it('pages and sorts by the columns only', async () => {
    const ReportId = await usersByRole();
    const Params = { Roles: ['all'], Status: 'all' };
    const sorted = (await asClerk.run({ ReportId, Params, Page: 1, PageSize: 10, Sorts: [{ Field: 'UserCount', Dir: 'desc' }] })).json();
    const counts = sorted.Rows.map((r: { UserCount: number }) => r.UserCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const all = sorted.Total as number;
    const beyond = (await asClerk.run({ ReportId, Params, Page: 2, PageSize: 10 })).json();
    expect(beyond.Rows).toHaveLength(Math.max(0, all - 10));
    expect(beyond.Total).toBe(all);
    const bad = await asClerk.run({ ReportId, Params, Page: 1, PageSize: 10, Sorts: [{ Field: 'role; drop table users', Dir: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect((await asClerk.run({ ReportId, Params, Page: 1, PageSize: 5 })).statusCode).toBe(400);
  });

  it('requires every parameter, with a field error per Param', async () => {
    const res = await asClerk.run({ ReportId: await usersByRole(), Params: { Roles: [], Status: '  ' }, Page: 1, PageSize: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage]))
      .toEqual([['Roles', 'This field is required.'], ['Status', 'This field is required.']]);
    const dates = await asAdmin.run({ ReportId: await reportId(t.app, 'sign-ins-over-time'), Params: { FromDate: '2026-02-30', ToDate: '2026-01-01' }, Page: 1, PageSize: 10 });
    expect(dates.statusCode).toBe(400);
    expect(dates.json()[0]).toMatchObject({ PropertyName: 'FromDate' });
  });

  it('binds every parameter kind as data: injected text finds nothing and the users table stays', async () => {
    const ReportId = await usersByRole();
    for (const Params of [{ Roles: [injection], Status: 'all' }, { Roles: ['all'], Status: injection }, { Roles: `all\u001F${injection}`, Status: injection }]) {
      const res = await asClerk.run({ ReportId, Params, Page: 1, PageSize: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json().Total).toBe(0);
    }
    const dates = await asAdmin.run({ ReportId: await reportId(t.app, 'sign-ins-over-time'), Params: { FromDate: injection, ToDate: injection }, Page: 1, PageSize: 10 });
    expect(dates.statusCode).toBe(400);
    const changes = await asAdmin.run({ ReportId: await reportId(t.app, 'changes-per-user'), Params: { ChangedBy: injection, Forms: ['all'] }, Page: 1, PageSize: 10 });
    expect(changes.json().Total).toBe(0);
    expect(Number((await t.app.db('users').count('* as n'))[0].N)).toBeGreaterThan(10);
  });

  it('counts sign-ins per day over a date range, a day with none included', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const body = (await asAdmin.run({ ReportId: await reportId(t.app, 'sign-ins-over-time'), Params: { FromDate: yesterday, ToDate: today }, Page: 1, PageSize: 10 })).json();
    const started = Number((await t.app.db.raw("select count(*) as n from sessions where (start_time at time zone 'UTC')::date = ?::date", [today])).rows[0].N);
    const before = Number((await t.app.db.raw("select count(*) as n from sessions where (start_time at time zone 'UTC')::date = ?::date", [yesterday])).rows[0].N);
    expect(body.Rows).toEqual([{ Day: yesterday, SignInCount: before }, { Day: today, SignInCount: started }]);
    expect(body.Totals).toEqual({ SignInCount: started + before });
    expect(body.Chart.Series[0].Values).toEqual([before, started]);
    expect(started).toBeGreaterThanOrEqual(3);
  });

  it('counts records per form per month and active sessions per role, as counted apart', async () => {
    const [{ FormId: a }] = await t.app.db('forms').insert({ Name: 'Apples', CreatedBy: 'admin' }).returning('FormId');
    const [{ FormId: b }] = await t.app.db('forms').insert({ Name: 'Bananas', CreatedBy: 'admin' }).returning('FormId');
    const entries = [[a, '2025-03-02T10:00:00Z'], [a, '2025-03-31T23:59:00Z'], [a, '2025-04-01T00:00:00Z'], [b, '2025-04-15T12:00:00Z'], [b, '2025-06-01T00:00:00Z']];
    await t.app.db('audit_entries').insert(entries.map(([form, at], i) => ({ Entity: `form-${form}`, RecordId: i + 1, Action: 'create', ChangedAt: at, ChangedBy: 'admin' })));
    await t.app.db('audit_entries').insert({ Entity: `form-${a}`, RecordId: 1, Action: 'update', ChangedAt: '2025-03-03T00:00:00Z', ChangedBy: 'admin' });
    const ReportId = await reportId(t.app, 'records-per-form-per-month');
    const body = (await asAdmin.run({ ReportId, Params: { Forms: [String(a), String(b)], FromDate: '2025-03-01', ToDate: '2025-05-31' }, Page: 1, PageSize: 10 })).json();
    expect(body.Rows).toEqual([
      { Form: 'Apples', Month: '2025-03', RecordCount: 2 }, { Form: 'Apples', Month: '2025-04', RecordCount: 1 }, { Form: 'Bananas', Month: '2025-04', RecordCount: 1 },
    ]);
    expect(body.Groups).toEqual([{ Key: 'Apples', Totals: { RecordCount: 3 } }, { Key: 'Bananas', Totals: { RecordCount: 1 } }]);
    expect(body.Chart).toMatchObject({ Labels: ['2025-03', '2025-04'], Series: [{ Values: [2, 2] }] });
    const onlyB = (await asAdmin.run({ ReportId, Params: { Forms: [String(b)], FromDate: '2025-01-01', ToDate: '2025-12-31' }, Page: 1, PageSize: 10 })).json();
    expect(onlyB.Totals).toEqual({ RecordCount: 2 });

    const sessions = (await asAdmin.run({ ReportId: await reportId(t.app, 'active-sessions-by-role'), Params: {}, Page: 1, PageSize: 10 })).json();
    const live: Array<{ Name: string; N: number }> = (await t.app.db.raw(`select r.name, count(distinct s.session_id)::integer as n from sessions s
      join user_roles ur using (user_id) join roles r using (role_id) where s.ended_at is null group by 1 order by 1`)).rows;
    expect(sessions.Chart).toMatchObject({ Kind: 'pie', Labels: live.map((r) => r.Name), Series: [{ Values: live.map((r) => r.N) }] });
    expect(sessions.Totals.SessionCount).toBe(live.reduce((sum, r) => sum + r.N, 0));
  });

  it('saves favourites by name, each user\'s own only', async () => {
    const ReportId = await usersByRole();
    const params = [{ name: 'Status', value: 'active', controlType: 5, parameterId: 1, valueId: 'active' }];
    const blank = await asClerk.saveFavorite({ reportId: ReportId, name: '   ', params });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual([{ PropertyName: 'name', ErrorMessage: 'Name is required.', ErrorCode: 'required' }]);
    const first = await asClerk.saveFavorite({ reportId: ReportId, name: 'Active', params });
    expect(first.statusCode).toBe(201);
    const again = await asClerk.saveFavorite({ reportId: ReportId, name: 'Active', params: [{ ...params[0], value: 'inactive' }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().UserFavoriteReportId).toBe(first.json().UserFavoriteReportId);
    const other = (await asClerk.saveFavorite({ reportId: ReportId, name: 'Other', params: [] })).json().UserFavoriteReportId;
    const listed = (await asClerk.get(`/api/reports/favorites?reportId=${ReportId}`)).json();
    expect(listed.map((f: { Name: string }) => f.Name)).toEqual(['Other', 'Active']);
    expect(listed[1].Params).toEqual([{ Name: 'Status', Value: 'inactive', ControlType: 5, ParameterId: 1, ValueId: 'active' }]);
    expect((await asClerk.get('/api/reports')).json()[0]).toMatchObject({ IsFavorite: true, UserFavoriteReportId: other });
    expect((await asAdmin.get(`/api/reports/favorites?reportId=${ReportId}`)).json()).toEqual([]);
    expect((await asAdmin.deleteFavorite(other)).statusCode).toBe(404);
    expect((await asClerk.deleteFavorite(other)).statusCode).toBe(204);
    expect((await asClerk.get(`/api/reports/favorites?reportId=${ReportId}`)).json()).toHaveLength(1);
    expect((await asClerk.saveFavorite({ reportId: await reportId(t.app, 'changes-per-user'), name: 'X', params: [] })).statusCode).toBe(404);
  });
});
