import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { format } from 'date-fns';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { revokeNode } from './access-fixtures.ts';
import { makePng } from '../e2e/png.ts';
import { messages } from '../../server/plugins/access.ts';
import { viewAsMessages } from '../../server/modules/access/view-as.ts';
import { displayValue, inTimeZone } from '../../server/modules/print/print-values.ts';
import { printFileName } from '../../server/modules/print/routes.ts';
import { PrintedFiles } from '../../server/modules/print/print-files.ts';
import { fileStorageFor } from '../../server/modules/files/storage.ts';

type Method = 'GET' | 'POST';

/** The text of a PDF, its pages joined, with runs of white space as one space. */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe.each(databases)('printing a record as a PDF on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'print-test-'));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const password = 'Passw0rd1';
  let admin: SignedIn;
  let clerk: SignedIn;
  let masked: SignedIn;
  let outsider: SignedIn;
  let formId: number;
  let recordId: number;
  let urgent: { Id: number };
  const as = (who: SignedIn, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) => injectAs(t.app, who, { method, url, payload, headers });
  const records = () => `/api/forms/${formId}/records`;
  const longNote = Array.from({ length: 700 }, (_, i) => `word${i}`).join(' ');

  async function userWith(name: string, roleId?: number): Promise<SignedIn> {
    await addUser(t.app, { UserName: name, Password: password, RoleIds: roleId ? [roleId] : [] });
    return signIn(t.app, name, password);
  }
  async function ok(who: SignedIn, method: Method, url: string, payload?: object, status = 200) {
    const res = await as(who, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  /** POST …/print, then the download: the PDF's bytes and headers. */
  async function printed(who: SignedIn, url: string, headers: Record<string, string> = {}) {
    const made = await as(who, 'POST', `${url}/print`, { fileType: 'print', timeZone: 'America/New_York' }, headers);
    expect(made.statusCode, made.body).toBe(200);
    const { FileName, UserFileName } = made.json() as { FileName: string; UserFileName: string };
    const download = await as(who, 'GET', `/api/print/download?fileName=${FileName}&userFileName=${encodeURIComponent(UserFileName)}`, undefined, headers);
    expect(download.statusCode, download.body).toBe(200);
    return { FileName, UserFileName, download, ...(await pdfText(download.rawPayload)) };
  }
  /** A stored date as the print shows it in New York: MM/dd/yyyy HH:mm. */
  const nyRecordInfo = (date: Date | string) => format(inTimeZone(new Date(date), 'America/New_York'), 'MM/dd/yyyy HH:mm');

  beforeAll(async () => {
    admin = await signIn(t.app);
    await t.app.db('client_settings').where('ClientSettingsId', 1).update({ CompanyName: 'Acme Widgets Ltd' });
    const list = await ok(admin, 'POST', '/api/lookup-tables', { SystemName: 'Priority', DisplayName: 'Priority', Description: null, IsActive: true, IsEditable: true }, 201);
    const items = `/api/simple-lookups/${list.SimpleLookupTableId}/items`;
    await ok(admin, 'POST', items, { Name: 'Low', Description: null, IsActive: true }, 201);
    urgent = await ok(admin, 'POST', items, { Name: 'Urgent', Description: null, IsActive: true }, 201);
    formId = (await ok(admin, 'POST', '/api/forms', { Name: 'Work Order', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }, 201)).FormId;
    const field = (Name: string, FieldType: string, AttributeValues: object = {}) =>
      ok(admin, 'POST', '/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues }, 201);
    await field('Subject', 'text', { required: true });
    await field('Priority', 'selectOne', { lookupListId: list.SimpleLookupTableId });
    await field('Due Date', 'date');
    await field('Budget', 'currency');
    await field('Approved', 'yesNo');
    await field('Discount', 'percentage');
    await field('Notes', 'textArea', { maxLength: 8000 });
    recordId = (await ok(admin, 'POST', records(), {
      Subject: 'Fix the boiler', Priority: urgent.Id, DueDate: '2026-05-01', Budget: 1234.5, Approved: true, Discount: 12.5, Notes: longNote,
    }, 201)).RecordId;

    const workers = await addRole(t.app, 'Workers');
    await grantModule(t.app, workers, `Form${formId}`, true);
    clerk = await userWith('clerk', workers);
    const noBudget = await addRole(t.app, 'Workers Without Budget');
    await grantModule(t.app, noBudget, `Form${formId}`, true);
    await revokeNode(t.app, noBudget, `Form${formId}`, { type: 'field', name: 'Budget' });
    masked = await userWith('masked', noBudget);
    outsider = await userWith('outsider');
  });

  it("prints a built form's record: its title, labels in the form's order, values in display format, the lookup item by name, the company", async () => {
    const pdf = await printed(admin, `${records()}/${recordId}`);
    expect(pdf.download.headers['content-type']).toBe('application/pdf');
    expect(pdf.UserFileName).toBe('Work Order Fix the boiler.pdf');
    expect(pdf.download.headers['content-disposition']).toContain('attachment; filename="Work Order Fix the boiler.pdf"');
    expect(pdf.download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = pdf;
    expect(text).toContain('Acme Widgets Ltd');
    expect(text).toContain('Work Order: Fix the boiler');
    expect(text).toMatch(/Priority Urgent/);
    expect(text).not.toMatch(new RegExp(`Priority ${urgent.Id}\\b`));
    expect(text).toContain('Due Date 05/01/2026');
    expect(text).toContain('Budget $1,234.50');
    expect(text).toContain('Approved Yes');
    expect(text).toContain('Discount 12.50 %');
    const labels = ['Subject', 'Priority', 'Due Date', 'Budget', 'Approved', 'Notes'].map((l) => text.indexOf(`${l} `));
    expect(labels.every((at) => at >= 0)).toBe(true);
    expect([...labels].sort((a, b) => a - b)).toEqual(labels);
    const row = await t.app.db(`form_records_${formId}`).where({ RecordId: recordId }).first('CreatedDate');
    expect(text).toContain(`Created on ${nyRecordInfo(row.CreatedDate)} by admin`);
  });

  it('wraps a long text over lines and pages, every word kept, each page numbered', async () => {
    const { text, pages } = await printed(admin, `${records()}/${recordId}`);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('word0 word1 word2');
    expect(text).toContain('word698 word699');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it("prints a user's record, without the password, with its deactivation in the record info", async () => {
    const userId = await addUser(t.app, { UserName: 'jdoe', Password: password, RoleIds: [await addRole(t.app, 'Night Shift')] });
    await t.app.db('users').where({ UserId: userId }).update({ LastName: 'Wójcik-Żak Смирнова', IsActive: false, DeactivatedBy: 'admin', DeactivatedDate: t.app.db.fn.now() });
    const { text, UserFileName } = await printed(admin, `/api/users/${userId}`);
    expect(UserFileName).toBe('Users jdoe.pdf');
    expect(text).toContain('Users: jdoe');
    expect(text).toContain('First Name Firstjdoe');
    expect(text).toContain('Last Name Wójcik-Żak Смирнова'); // beyond Windows-1252: the embedded font draws it
    expect(text).toContain('Email Address jdoe@example.org');
    expect(text).toContain('Is Active No');
    expect(text).toContain('Last Login Not Specified');
    expect(text).toContain('Role Night Shift');
    expect(text).not.toMatch(/Password(?! Last Changed Date)/);
    const row = await t.app.db('users').where({ UserId: userId }).first('DeactivatedDate');
    expect(text).toContain(`Deactivated on ${nyRecordInfo(row.DeactivatedDate)} by admin`);
    expect(text).toContain('Acme Widgets Ltd');
  });

  it('draws the client logo from the client settings at the top', async () => {
    const before = await printed(admin, `${records()}/${recordId}`);
    expect(before.download.rawPayload.includes('/Subtype /Image')).toBe(false);
    const logo = `${'b'.repeat(32)}.png`;
    // Stored where this server keeps files (the disk, or PostgreSQL), as an upload would be.
    const storage = fileStorageFor(t.config, t.app.db);
    const incoming = await storage.tempPath();
    writeFileSync(incoming, makePng(60, 20, [20, 90, 200]));
    await storage.commit(incoming, logo);
    await t.app.db('files').insert({ FileName: logo, UserFileName: 'logo.png', Name: 'logo.png', Kind: 'clientlogo', ContentType: 'image/png', SizeBytes: 100, IsActive: true, CreatedBy: 'admin' });
    const after = await printed(admin, `${records()}/${recordId}`);
    expect(after.download.rawPayload.includes('/Subtype /Image')).toBe(true);
    expect(after.text).toContain('Acme Widgets Ltd');
  });

  it('leaves out a field the user may not see', async () => {
    const read = await ok(masked, 'GET', `${records()}/${recordId}`);
    expect(read).not.toHaveProperty('Budget');
    const { text } = await printed(masked, `${records()}/${recordId}`);
    expect(text).toContain('Priority Urgent');
    expect(text).not.toContain('Budget');
    expect(text).not.toContain('1,234.50');
    // The same print by a user who holds the field shows it: the mask, not the layout, left it out.
    expect((await printed(clerk, `${records()}/${recordId}`)).text).toContain('Budget $1,234.50');
  });

  it("refuses a user without the module (403), and a record the user may not read answers 404 as the read does", async () => {
    const refused = await as(outsider, 'POST', `${records()}/${recordId}/print`, { fileType: 'print' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe(messages.noAccess);
    expect((await as(outsider, 'POST', `/api/users/1/print`, { fileType: 'print' })).statusCode).toBe(403);
    // Own records only (no View All Records): the administrator's record is not theirs.
    const ownOnly = await addRole(t.app, 'Own Work Orders');
    await grantModule(t.app, ownOnly, `Form${formId}`, false);
    const own = await userWith('own', ownOnly);
    expect((await as(own, 'GET', `${records()}/${recordId}`)).statusCode).toBe(404);
    const hidden = await as(own, 'POST', `${records()}/${recordId}/print`, { fileType: 'print' });
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(hidden.json()[0].ErrorMessage).toBe((await as(own, 'GET', `${records()}/${recordId}`)).json()[0].ErrorMessage);
    const mine = (await ok(own, 'POST', records(), { Subject: 'My own order' }, 201)).RecordId;
    expect((await printed(own, `${records()}/${mine}`)).text).toContain('Work Order: My own order');
    expect((await as(admin, 'POST', `${records()}/999999/print`, { fileType: 'print' })).statusCode).toBe(404);
    expect((await as(admin, 'POST', `${records()}/${recordId}/print`, { fileType: 'excel' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${records()}/${recordId}/print`, payload: { fileType: 'print' } })).statusCode).toBe(401);
  });

  it('prints while an administrator views as another user, as that user would: their modules, their records, their fields', async () => {
    const viewAs = async (name: string) => ({ 'x-view-as': String((await t.app.db('users').where({ UserName: name }).first('UserId')).UserId) });
    const asMasked = await viewAs('masked');
    const { text } = await printed(admin, `${records()}/${recordId}`, asMasked);
    expect(text).toContain('Priority Urgent');
    expect(text).not.toContain('Budget');
    // Printed by the administrator, who was viewing as masked: the footer names both, the printer first.
    expect(text).toMatch(/Printed on .+ by admin, viewing as masked/);
    const own = (await printed(admin, `${records()}/${recordId}`)).text;
    expect(own).toContain('Budget $1,234.50');
    expect(own).toMatch(/Printed on .+ by admin(?!, viewing)/);
    const refused = await as(admin, 'POST', `${records()}/${recordId}/print`, { fileType: 'print' }, await viewAs('outsider'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe(viewAsMessages.noAccess('outsider'));
    // Own records only: the record the viewed user may not read answers 404, as their read does.
    const ownOnly = await addRole(t.app, 'Own Work Orders Only');
    await grantModule(t.app, ownOnly, `Form${formId}`, false);
    await userWith('ownonly', ownOnly);
    const hidden = await as(admin, 'POST', `${records()}/${recordId}/print`, { fileType: 'print' }, await viewAs('ownonly'));
    expect(hidden.statusCode, hidden.body).toBe(404);
    // Printing reads; writing while viewing as someone stays refused.
    const write = await as(admin, 'POST', records(), { Subject: 'Not mine to make' }, asMasked);
    expect(write.json()[0].ErrorMessage).toBe(viewAsMessages.readOnly);
  });

  it('prints a record of every shipped screen that has the print call', async () => {
    const printedScreens: string[] = [];
    for (const screen of t.app.registry.screens.values()) {
      if (screen.routes.single || !t.app.hasRoute({ method: 'POST', url: `${screen.api}/:id/print` })) continue;
      const list = await as(admin, 'GET', screen.api);
      const first = (list.json() as { Items?: Array<Record<string, unknown>> }).Items?.[0];
      if (list.statusCode !== 200 || !first) continue;
      const { text } = await printed(admin, `${screen.api}/${String(first[screen.idField])}`);
      expect(text, screen.id).toContain(screen.title);
      // Selects show their options' names, whichever lookup call serves them (a menu item's Type and Module).
      if (screen.id === 'menuitems') expect(text).not.toMatch(/(Type|Module) \d/);
      printedScreens.push(screen.id);
    }
    expect(printedScreens).toEqual(expect.arrayContaining(['users', 'roles', 'forms', 'lookuptables', 'appsettings']));
  });

  it('serves the file only to the session that made it, and not after it expired', async () => {
    const made = await as(clerk, 'POST', `${records()}/${recordId}/print`, { fileType: 'print' });
    const { FileName } = made.json() as { FileName: string };
    const url = `/api/print/download?fileName=${FileName}`;
    expect((await as(admin, 'GET', url)).statusCode).toBe(404);
    expect((await as(outsider, 'GET', url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await as(clerk, 'GET', url)).statusCode).toBe(200);
    expect((await as(clerk, 'GET', '/api/print/download?fileName=../files/x.pdf')).statusCode).toBe(400);
    // Fifteen minutes later the file is gone for its maker too.
    const meta = path.join(dataDir, 'print', FileName.replace('.pdf', '.json'));
    const stored = JSON.parse(readFileSync(meta, 'utf8'));
    writeFileSync(meta, JSON.stringify({ ...stored, CreatedAt: new Date(Date.now() - 16 * 60 * 1000).toISOString() }));
    expect((await as(clerk, 'GET', url)).statusCode).toBe(404);
    // And expired files are removed from the disk; fresh ones stay.
    const fresh = (await as(clerk, 'POST', `${records()}/${recordId}/print`, { fileType: 'print' })).json().FileName as string;
    const old = new Date(Date.now() - 16 * 60 * 1000);
    for (const name of [FileName, FileName.replace('.pdf', '.json')]) utimesSync(path.join(dataDir, 'print', name), old, old);
    await new PrintedFiles(dataDir).sweep();
    const left = readdirSync(path.join(dataDir, 'print'));
    expect(left).toEqual(expect.arrayContaining([fresh, fresh.replace('.pdf', '.json')]));
    expect(left).not.toContain(FileName);
    expect(left).not.toContain(FileName.replace('.pdf', '.json'));
  });
});

describe('values as a print shows them', () => {
  const shown = (ui: Record<string, unknown>, value: unknown, prop: Record<string, unknown> = {}) =>
    displayValue(prop, ui, value, { names: new Map([['roles', new Map([[3, 'Clerk'], [4, 'Auditor']])]]), timeZone: 'Asia/Tokyo' });

  it('names options, formats numbers, dates and date-times in the zone, and turns structured values into lines', () => {
    expect(shown({ 'ui:widget': 'selectMany', 'ui:options': { source: 'roles' } }, [3, 4])).toBe('Clerk, Auditor');
    expect(shown({ 'ui:widget': 'select', 'ui:options': { source: 'roles' } }, 9)).toBe('9'); // an id the source no longer has
    expect(shown({ 'ui:widget': 'currency' }, '-1250.5000')).toBe('($1,250.50)'); // the currency widget's own format
    expect(shown({ 'ui:widget': 'percentage', 'ui:options': { decimals: 1 } }, 7.25)).toBe('7.3 %');
    expect(shown({}, 3.5, { decimalPlaces: 2 })).toBe('3.50');
    expect(shown({}, false)).toBe('No');
    expect(shown({}, '2026-12-31', { format: 'date' })).toBe('12/31/2026');
    expect(shown({}, '2026-01-01T03:04:00Z', { format: 'date-time' })).toBe('01/01/2026 12:04 PM');
    expect(shown({ 'ui:widget': 'notSpecifiedDate' }, null)).toBe('Not Specified');
    expect(shown({}, null)).toBe('');
    expect(shown({ 'ui:widget': 'richtext' }, '<p>First &amp; <b>bold</b></p><ul><li>one</li><li>two</li></ul><script>x()</script>')).toBe('First & bold\n• one\n• two');
    expect(shown({ 'ui:field': 'dateRange' }, { StartDate: '2026-03-01', EndDate: '2026-03-05' })).toBe('03/01/2026 to 03/05/2026');
    expect(shown({ 'ui:field': 'address' }, {
      Address1: '1 Main St', Address2: null, City: 'Springfield', State: { Id: 1, Name: 'Illinois' }, ZipCode: '62701', Country: { Id: 1, Name: 'UNITED STATES' },
    })).toBe('1 Main St\nSpringfield, Illinois, 62701\nUNITED STATES');
    expect(shown({ 'ui:field': 'phoneList' }, [
      { IsPrimary: true, PhoneNumberType: { Id: 1, Name: 'Work' }, CountryCode: '1', PhoneNumber: '555 0100', Extension: '12' },
      { PhoneNumberType: { Id: 3, Name: 'Mobile' }, CountryCode: '+44', PhoneNumber: '7700 900000' },
    ])).toBe('Work: +1 555 0100 ext. 12 (Primary)\nMobile: +44 7700 900000');
    expect(shown({ 'ui:field': 'fileUploader' }, [{ Name: 'Contract', UserFileName: 'c.pdf' }, { Name: '', UserFileName: 'scan.png' }])).toBe('Contract\nscan.png');
    expect(shown({ 'ui:field': 'specifyOther' }, [{ Name: 'Kept' }, { Name: 'Retired', IsActive: false }])).toBe('Kept');
  });

  it('names the file after the title without characters a file system refuses', () => {
    expect(printFileName('Work Order: A/B "quoted" <x>')).toBe('Work Order A B quoted x.pdf');
    expect(printFileName(' :: ')).toBe('Record.pdf');
  });
});
