import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { revokeNode } from './access-fixtures.ts';
import { messages } from '../../server/plugins/access.ts';
import { buildApp } from '../../server/app.ts';

type Method = 'GET' | 'POST' | 'DELETE';
interface Page { Items: Array<Record<string, unknown> & { RecordId: number }>; TotalCount: number; Cursors: { First: string | null; Last: string | null } }

describe.each(databases)("a built form's records on %s", (kind) => {
  const t = useTestApp(kind);
  const password = 'Passw0rd1';
  let admin: SignedIn;
  let clerk: SignedIn;
  let clerk2: SignedIn;
  let outsider: SignedIn;
  let noCreate: SignedIn;
  let formId: number;
  let badge: { FormFieldId: number } & Record<string, unknown>;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const api = () => `/api/forms/${formId}/records`;

  const fieldBody = (FormId: number, Name: string, FieldType = 'text', extra: object = {}) => ({
    FormId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
  });
  async function newForm(Name: string): Promise<number> {
    const res = await as(admin, 'POST', '/api/forms', { Name, Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().FormId;
  }
  async function addField(body: object) {
    const res = await as(admin, 'POST', '/api/formfields', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function create(who: SignedIn, body: object): Promise<number> {
    const res = await as(who, 'POST', api(), body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().RecordId;
  }
  async function list(who: SignedIn, query = ''): Promise<Page> {
    const res = await as(who, 'GET', `${api()}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function userWith(name: string, roleId?: number): Promise<SignedIn> {
    await addUser(t.app, { UserName: name, Password: password, RoleIds: roleId ? [roleId] : [] });
    return signIn(t.app, name, password);
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = await newForm('Visit Log');
    await addField(fieldBody(formId, 'Subject', 'text', { AttributeValues: { required: true, maxLength: 20 } }));
    await addField(fieldBody(formId, 'Visitors', 'integer'));
    await addField(fieldBody(formId, 'Visit Date', 'date'));
    badge = await addField(fieldBody(formId, 'Badge', 'text', { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01' }));
    const reception = await addRole(t.app, 'Reception');
    await grantModule(t.app, reception, `Form${formId}`);
    clerk = await userWith('clerk', reception);
    clerk2 = await userWith('clerk2', reception);
    const limited = await addRole(t.app, 'Reception Readers');
    await grantModule(t.app, limited, `Form${formId}`);
    await revokeNode(t.app, limited, `Form${formId}`, { type: 'route', name: `form-${formId}.create` });
    noCreate = await userWith('reader', limited);
    outsider = await userWith('outsider');
  });

  it("a user whose role holds only the form's module lists, creates, reads, updates, deactivates and deletes records", async () => {
    const id = await create(clerk, { Subject: 'Delivery', Visitors: 2, VisitDate: '2026-05-01' });
    expect((await list(clerk)).Items.map((r) => r.RecordId)).toContain(id);
    const read = await as(clerk, 'GET', `${api()}/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ RecordId: id, Subject: 'Delivery', Visitors: 2, VisitDate: '2026-05-01', IsActive: true, CreatedBy: 'clerk' });
    const updated = await as(clerk, 'POST', `${api()}/${id}`, { ...read.json(), Visitors: 3 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await as(clerk, 'GET', `${api()}/${id}`)).json()).toMatchObject({ Visitors: 3, ModifiedBy: 'clerk' });
    const deactivated = await as(clerk, 'POST', `${api()}/${id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await as(clerk, 'GET', `${api()}/${id}`)).json()).toMatchObject({ IsActive: false, DeactivatedBy: 'clerk' });
    expect((await list(clerk)).Items.map((r) => r.RecordId)).not.toContain(id);
    expect((await list(clerk, 'includeInactive=true')).Items.map((r) => r.RecordId)).toContain(id);
    const deleted = await as(clerk, 'DELETE', `${api()}/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await as(clerk, 'GET', `${api()}/${id}`)).statusCode).toBe(404);
    expect(Number((await t.app.db(`form_records_${formId}`).where({ RecordId: id }).count({ Count: '*' }))[0].Count)).toBe(0);
  });

  it("answers an empty save, a wrong type and a too long text with the composed schema's messages, saving nothing", async () => {
    const before = Number((await t.app.db(`form_records_${formId}`).count({ Count: '*' }))[0].Count);
    const empty = await as(clerk, 'POST', api(), {});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json()).toEqual([{ PropertyName: 'Subject', ErrorMessage: 'Subject is required.', ErrorCode: 'required' }]);
    const blank = await as(clerk, 'POST', api(), { Subject: '' });
    expect(blank.statusCode, blank.body).toBe(400);
    // One fault, one message (as the empty save above and a shipped screen's required text give).
    expect(blank.json()).toEqual([{ PropertyName: 'Subject', ErrorMessage: 'Subject is required.', ErrorCode: expect.any(String) }]);
    const spaces = await as(clerk, 'POST', api(), { Subject: '   ' });
    expect(spaces.statusCode, spaces.body).toBe(400);
    expect(spaces.json()).toEqual([{ PropertyName: 'Subject', ErrorMessage: 'Subject is required.', ErrorCode: expect.any(String) }]);
    const wrongType = await as(clerk, 'POST', api(), { Subject: 'Ok', Visitors: 'many' });
    expect(wrongType.statusCode, wrongType.body).toBe(400);
    expect(wrongType.json()).toEqual([expect.objectContaining({ PropertyName: 'Visitors', ErrorMessage: 'Visitors must be a whole number.' })]);
    const tooLong = await as(clerk, 'POST', api(), { Subject: 'x'.repeat(21) });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json()).toEqual([expect.objectContaining({ PropertyName: 'Subject', ErrorMessage: 'Must be no more than 20 character(s) long.' })]);
    expect(Number((await t.app.db(`form_records_${formId}`).count({ Count: '*' }))[0].Count)).toBe(before);
  });

  describe('the grid', () => {
    const subjects = ['Kilo plumbing', 'Alpha audit', 'Echo electrician', 'Charlie cleaning', 'India inspection', 'Golf gardener', 'Bravo boiler'];
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (const [i, Subject] of subjects.entries()) ids.push(await create(admin, { Subject, Visitors: i }));
    });

    it('finds a record by a substring of a searchable text field', async () => {
      const found = await list(admin, 'q=ectric');
      expect(found.Items.map((r) => r.Subject)).toEqual(['Echo electrician']);
      expect(found.TotalCount).toBe(1);
      expect((await list(admin, 'q=zzz-nothing')).TotalCount).toBe(0);
    });

    for (const dir of ['asc', 'desc'] as const) {
      it(`sorts by Subject ${dir} and pages by cursor forwards and backwards`, async () => {
        const expected = [...subjects].sort();
        if (dir === 'desc') expected.reverse();
        const all = (await list(admin, `pageSize=1000&sorts=Subject,${dir}`)).Items.map((r) => r.Subject).filter((s) => subjects.includes(s as string));
        expect(all).toEqual(expected);
        const walked: unknown[] = [];
        let page = await list(admin, `pageSize=2&sorts=Subject,${dir}`);
        walked.push(...page.Items.map((r) => r.Subject));
        const total = page.TotalCount;
        while (walked.length < total) {
          page = await list(admin, `pageSize=2&sorts=Subject,${dir}&after=${page.Cursors.Last}`);
          expect(page.Items.length).toBeGreaterThan(0);
          walked.push(...page.Items.map((r) => r.Subject));
        }
        expect(walked.filter((s) => subjects.includes(s as string))).toEqual(expected);
        const back: unknown[] = [...page.Items.map((r) => r.Subject)];
        while (back.length < total) {
          page = await list(admin, `pageSize=2&sorts=Subject,${dir}&before=${page.Cursors.First}`);
          expect(page.Items.length).toBeGreaterThan(0);
          back.unshift(...page.Items.map((r) => r.Subject));
        }
        expect(back).toEqual(walked);
      });
    }

    it('sorts by an integer field both ways', async () => {
      const asc = (await list(admin, 'pageSize=1000&sorts=Visitors,asc')).Items.filter((r) => subjects.includes(r.Subject as string)).map((r) => r.Visitors);
      expect(asc).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const desc = (await list(admin, 'pageSize=1000&sorts=Visitors,desc')).Items.filter((r) => subjects.includes(r.Subject as string)).map((r) => r.Visitors);
      expect(desc).toEqual([6, 5, 4, 3, 2, 1, 0]);
    });

    it("a record's History after an update shows the changed fields with old and new values", async () => {
      const id = ids[0];
      const before = (await as(admin, 'GET', `${api()}/${id}`)).json();
      const updated = await as(admin, 'POST', `${api()}/${id}`, { ...before, Subject: 'Kilo plumber', Visitors: 9 });
      expect(updated.statusCode, updated.body).toBe(200);
      const history = await as(admin, 'GET', `${api()}/${id}/history`);
      expect(history.statusCode, history.body).toBe(200);
      const [latest, first] = history.json();
      expect(latest).toMatchObject({ Action: 'update', ChangedBy: 'admin' });
      expect(latest.Changes).toEqual(expect.arrayContaining([
        { Field: 'Subject', Old: 'Kilo plumbing', New: 'Kilo plumber' },
        { Field: 'Visitors', Old: 0, New: 9 },
      ]));
      expect(latest.Changes.map((c: { Field: string }) => c.Field)).not.toContain('VisitDate');
      expect(first).toMatchObject({ Action: 'create' });
    });
  });

  it('saves and lists UDF values, and keeps them while the UDF is deactivated', async () => {
    const id = await create(clerk, { Subject: 'With badge', Badge: 'B-17' });
    expect((await as(clerk, 'GET', `${api()}/${id}`)).json()).toMatchObject({ Subject: 'With badge', Badge: 'B-17' });
    expect((await list(clerk, 'q=With badge')).Items).toEqual([expect.objectContaining({ RecordId: id, Badge: 'B-17' })]);
    const set = (changes: object) => as(admin, 'POST', `/api/formfields/${badge.FormFieldId}`, { ...badge, ...changes });
    expect((await set({ IsActive: false })).statusCode).toBe(200);
    const hidden = (await as(clerk, 'GET', `${api()}/${id}`)).json();
    expect(hidden).not.toHaveProperty('Badge');
    const updated = await as(clerk, 'POST', `${api()}/${id}`, { ...hidden, Subject: 'With badge, edited' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await set({ IsActive: true })).statusCode).toBe(200);
    expect((await as(clerk, 'GET', `${api()}/${id}`)).json()).toMatchObject({ Subject: 'With badge, edited', Badge: 'B-17' });
    // An update that sends the shown UDF changes it; one that leaves it out keeps it.
    const shown = (await as(clerk, 'GET', `${api()}/${id}`)).json();
    const { Badge: _kept, ...withoutBadge } = shown;
    expect((await as(clerk, 'POST', `${api()}/${id}`, { ...withoutBadge, Visitors: 1 })).statusCode).toBe(200);
    expect((await as(clerk, 'GET', `${api()}/${id}`)).json().Badge).toBe('B-17');
    expect((await as(clerk, 'POST', `${api()}/${id}`, { ...shown, Badge: 'B-18' })).statusCode).toBe(200);
    expect((await as(clerk, 'GET', `${api()}/${id}`)).json().Badge).toBe('B-18');
  });

  it("a user without the form's module gets 403 on every records call", async () => {
    const id = await create(admin, { Subject: 'Private' });
    const calls: Array<[Method, string, object?]> = [
      ['GET', api()], ['GET', `${api()}/export.csv`], ['GET', `${api()}/${id}`], ['GET', `${api()}/${id}/history`],
      ['POST', api(), { Subject: 'Nope' }], ['POST', `${api()}/${id}`, { Subject: 'Nope' }], ['POST', `${api()}/${id}/deactivate`], ['DELETE', `${api()}/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(outsider, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual([expect.objectContaining({ ErrorMessage: messages.noAccess })]);
    }
    expect(messages.noAccess).toBe("You don't have permission to this page.");
    expect((await as(admin, 'GET', `${api()}/${id}`)).json()).toMatchObject({ Subject: 'Private', IsActive: true });
    // The module of another form is not this one's.
    const otherId = await newForm('Other Log');
    await addField(fieldBody(otherId, 'Title'));
    const res = await as(clerk, 'GET', `/api/forms/${otherId}/records`);
    expect(res.statusCode).toBe(403);
  });

  it(`a user with the module but without form-<id>.create gets 403 on create, and may list`, async () => {
    const res = await as(noCreate, 'POST', api(), { Subject: 'Nope' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual([expect.objectContaining({ ErrorMessage: messages.noAccess })]);
    expect((await as(noCreate, 'GET', api())).statusCode).toBe(200);
  });

  it("without View All Records a user sees only their own records; another's by id answers 404", async () => {
    const mine = await create(clerk2, { Subject: 'Clerk two own' });
    const theirs = await create(clerk, { Subject: 'Clerk one own' });
    const seen = (await list(clerk2, 'pageSize=1000&includeInactive=true')).Items;
    expect(seen.map((r) => r.RecordId)).toContain(mine);
    expect(seen.map((r) => r.RecordId)).not.toContain(theirs);
    expect(seen.every((r) => r.RecordId === mine || !r.Subject || r.Subject !== 'Clerk one own')).toBe(true);
    expect((await list(clerk2, 'q=Clerk one')).TotalCount).toBe(0);
    expect((await as(clerk2, 'GET', `${api()}/${theirs}`)).statusCode).toBe(404);
    expect((await as(clerk2, 'POST', `${api()}/${theirs}`, { Subject: 'Taken' })).statusCode).toBe(404);
    expect((await as(clerk2, 'DELETE', `${api()}/${theirs}`)).statusCode).toBe(404);
    expect((await as(admin, 'GET', `${api()}/${theirs}`)).json()).toMatchObject({ Subject: 'Clerk one own' });
    expect((await list(admin, 'q=Clerk')).TotalCount).toBe(2);
  });

  it("an inactive form's records answer 404", async () => {
    const oldId = await newForm('Old Log');
    await addField(fieldBody(oldId, 'Title'));
    const created = await as(admin, 'POST', `/api/forms/${oldId}/records`, { Title: 'kept' });
    expect(created.statusCode, created.body).toBe(201);
    const recordId = created.json().RecordId;
    expect((await as(admin, 'GET', `/api/forms/${oldId}/records/${recordId}`)).statusCode).toBe(200);
    const form = (await as(admin, 'GET', `/api/forms/${oldId}`)).json();
    const saved = await as(admin, 'POST', `/api/forms/${oldId}`, { Name: form.Name, Description: form.Description, CanHaveEav: form.CanHaveEav, IsCircleable: form.IsCircleable, IsActive: false });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const [method, url, payload] of [
      ['GET', `/api/forms/${oldId}/records`], ['GET', `/api/forms/${oldId}/records/${recordId}`],
      ['POST', `/api/forms/${oldId}/records`, { Title: 'new' }], ['POST', `/api/forms/${oldId}/records/${recordId}`, { Title: 'new' }],
      ['DELETE', `/api/forms/${oldId}/records/${recordId}`],
    ] as Array<[Method, string, object?]>) {
      const res = await as(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect((await as(admin, 'GET', `/api/metadata/screens/form-${oldId}`)).statusCode).toBe(404);
    expect(await t.app.db(`form_records_${oldId}`).where({ RecordId: recordId }).first('Title')).toEqual({ Title: 'kept' });
  });

  it("the route table lists the form's routes only for holders of its module", async () => {
    const names = async (who: SignedIn) => ((await as(who, 'GET', '/api/App/GetRoutes')).json() as Array<{ Name: string; Url: string }>);
    const forClerk = await names(clerk);
    expect(forClerk).toEqual(expect.arrayContaining([
      expect.objectContaining({ Name: `form-${formId}.list`, Url: '/visit-log' }),
      expect.objectContaining({ Name: `form-${formId}.create`, Url: '/visit-log/create' }),
      expect.objectContaining({ Name: `form-${formId}.update` }),
    ]));
    const forReader = (await names(noCreate)).map((r) => r.Name);
    expect(forReader).toContain(`form-${formId}.list`);
    expect(forReader).not.toContain(`form-${formId}.create`);
    const forOutsider = (await names(outsider)).map((r) => r.Name);
    expect(forOutsider.filter((n) => n.startsWith(`form-${formId}.`))).toEqual([]);
  });

  // PGlite is one process's own database: a second server process exists only on PostgreSQL.
  if (kind === 'postgres') it("one process sees another's change to a form on its next request", async () => {
    const other = await buildApp({ ...t.config });
    try {
      const screenFields = async (app: typeof t.app) => {
        const res = await injectAs(app, admin, { method: 'GET', url: `/api/metadata/screens/form-${formId}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().Screen.form.fields.update as string[];
      };
      expect(await screenFields(other)).not.toContain('Purpose');
      await addField(fieldBody(formId, 'Purpose'));
      expect(await screenFields(t.app)).toContain('Purpose');
      expect(await screenFields(other)).toContain('Purpose');
      // And the other process saves records with the new field at once.
      const created = await injectAs(other, admin, { method: 'POST', url: api(), payload: { Subject: 'Across', Purpose: 'seen' } });
      expect(created.statusCode, created.body).toBe(201);
      expect((await as(admin, 'GET', `${api()}/${created.json().RecordId}`)).json()).toMatchObject({ Purpose: 'seen' });
    } finally {
      await other.close();
    }
  });
});
