import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { databaseReport, reportId, reportsDirWith, reportUser, rowsReport, slowReport, useReportsApp } from './reports-fixtures.ts';
import { widgetTimeoutMessage } from '../../server/modules/widgets/home-routes.ts';

/**
 * Issue 32's other kinds: a report's rows or chart (only for whoever may run it), the user's favourite reports, the
 * sessions of roles with limits (only for holders of session administration), the published bulletins; and each
 * widget's own time limit, past which it alone answers 'stopped' while the others answer.
 */
describe.each(databases)('home widget kinds on %s', (kind) => {
  const t = useReportsApp(kind, async () => ({ REPORTS_DIR: await reportsDirWith([rowsReport, slowReport]), WIDGET_TIMEOUT_SECONDS: '1' }));
  let admin: SignedIn;
  let clerk: SignedIn;
  let clerks: number;
  const data = async (who: SignedIn, id: number) => injectAs(t.app, who, { method: 'GET', url: `/api/home/widgets/${id}/data` });
  const define = async (body: object) => {
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/widgets', payload: { Options: {}, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().WidgetId as number;
  };
  // The administrators' role (1) and the clerks' show each widget.
  const everyone = () => [{ RoleId: 1, Size: 'medium' }, { RoleId: clerks, Size: 'medium' }];

  beforeAll(async () => {
    admin = await signIn(t.app);
    clerk = await reportUser(t.app, 'clerk', ['ReportModule'], []);
    clerks = (await t.app.db('roles').where({ Name: 'clerk role' }).first('RoleId')).RoleId;
  });

  it("shows a report's first rows to whoever may run it, and to no one else", async () => {
    const rows = await reportId(t.app, 'test-rows');
    const id = await define({ Kind: 'report', Title: 'Rows', Source: rows, Options: { Rows: 3, Params: { Text: 'any', Area: 'any', Rich: 'any' } }, Placements: everyone() });
    const shown = (await data(admin, id)).json();
    expect(shown).toMatchObject({ Show: 'table', ReportId: rows, Result: { Total: 25, Totals: { Number: 325 } } });
    expect(shown.Result.Rows.map((r: { Label: string }) => r.Label)).toEqual(['Row 1', 'Row 2', 'Row 3']);
    expect((await data(clerk, id)).statusCode).toBe(404);
    expect((await injectAs(t.app, admin, { method: 'POST', url: '/api/widgets', payload: { Kind: 'report', Title: 'None', Source: 999999, Options: {}, Placements: [] } })).json())
      .toEqual([{ PropertyName: 'Source', ErrorMessage: 'Choose a report.', ErrorCode: 'Widget' }]);
  });

  it("lists the user's own favourite reports, linked to the report", async () => {
    const rows = await reportId(t.app, 'test-rows');
    const saved = await injectAs(t.app, admin, { method: 'POST', url: '/api/reports/favorites', payload: { reportId: rows, name: 'Every row', params: [] } });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = await define({ Kind: 'favourites', Title: 'Favourites', Placements: everyone() });
    expect((await data(admin, id)).json()).toEqual({ Items: [{ Title: 'Every row', Detail: 'Test rows', Url: `/reportmodule/view?reportId=${rows}` }], Empty: 'No favourite reports yet.' });
    expect((await data(clerk, id)).json()).toEqual({ Items: [], Empty: 'No favourite reports yet.' });
  });

  it('counts the sessions of roles with limits for holders of session administration only', async () => {
    const shift = await addRole(t.app, 'Shift', 3);
    await addUser(t.app, { UserName: 'worker', Password: 'Worker12345', RoleIds: [shift] });
    await signIn(t.app, 'worker', 'Worker12345');
    const id = await define({ Kind: 'sessions', Title: 'Sessions', Placements: everyone() });
    expect((await data(admin, id)).json().Items).toEqual([{ Title: 'Shift', Detail: '1 of 3 active', Url: '/session/list' }]);
    expect((await data(clerk, id)).statusCode).toBe(404);
  });

  it("lists the published bulletins, and says 'No bulletins' while there is no Bulletins form", async () => {
    const id = await define({ Kind: 'bulletins', Title: 'Bulletins', Placements: everyone() });
    expect((await data(clerk, id)).json()).toEqual({ Items: [], Empty: 'No bulletins' });
    const built = await injectLocked(t.app, admin, {
      method: 'POST', url: '/api/forms/build', payload: {
        Name: 'Bulletins', Fields: [{ Label: 'Title', FieldType: 'text' }, { Label: 'PublishDate', FieldType: 'date' }, { Label: 'ExpiryDate', FieldType: 'date' }],
      },
    });
    expect(built.statusCode, built.body).toBe(201);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const made: Record<string, number> = {};
    for (const [Title, PublishDate, ExpiryDate] of [['Open', day(-1), day(5)], ['Lasting', day(-3), null], ['Expired', day(-9), day(-2)], ['Coming', day(2), null]] as const) {
      const res = await injectLocked(t.app, admin, { method: 'POST', url: `/api/forms/${built.json().FormId}/records`, payload: { Title, PublishDate, ExpiryDate } });
      expect(res.statusCode, res.body).toBe(201);
      made[Title] = res.json().RecordId;
    }
    expect((await data(clerk, id)).json().Items).toEqual([
      { Title: 'Open', Detail: day(-1), Url: `/bulletin/view/${made.Open}` },
      { Title: 'Lasting', Detail: day(-3), Url: `/bulletin/view/${made.Lasting}` },
    ]);
  });

  if (kind === 'postgres') {
    it('stops a widget past its time limit, alone: the others answer meanwhile', async () => {
      const slow = await define({ Kind: 'report', Title: 'Slow', Source: await reportId(t.app, 'test-slow'), Options: { Params: { Seconds: '5' } }, Placements: everyone() });
      const links = await define({ Kind: 'links', Title: 'Links', Options: { Links: [{ Title: 'Home', Url: '/home' }] }, Placements: everyone() });
      const [stopped, answered] = await Promise.all([data(admin, slow), data(admin, links)]);
      expect(stopped.statusCode).toBe(408);
      expect(stopped.json()).toEqual([{ PropertyName: null, ErrorMessage: widgetTimeoutMessage(1), ErrorCode: 'WidgetTimeout' }]);
      expect(answered.statusCode).toBe(200);
    });
  }
});

// Only where a PostgreSQL server is given: the reports database is one more database on it.
describe.each(databases.filter((kind) => kind === 'postgres'))('with REPORTS_DATABASE_URL, report widgets run on that database (%s)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const t = useReportsApp('postgres', async () => ({ REPORTS_DIR: await reportsDirWith([databaseReport]), REPORTS_DATABASE_URL: url }));

  it('runs there, as the reports screen does', async () => {
    const admin = await signIn(t.app);
    const made = await injectAs(t.app, admin, { method: 'POST', url: '/api/widgets', payload: { Kind: 'report', Title: 'Where', Source: await reportId(t.app, 'test-database'), Options: {}, Placements: [{ RoleId: 1, Size: 'small' }] } });
    expect(made.statusCode, made.body).toBe(201);
    const shown = (await injectAs(t.app, admin, { method: 'GET', url: `/api/home/widgets/${made.json().WidgetId}/data` })).json();
    expect(shown.Result.Rows).toEqual([{ DatabaseName: new URL(url).pathname.slice(1) }]);
    expect((await t.app.db.raw('select current_database() as n')).rows[0].N).not.toBe(new URL(url).pathname.slice(1));
  });
});
