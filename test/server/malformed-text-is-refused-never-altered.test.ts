import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { malformedTextMessage } from '../../server/plugins/storable-text.ts';
import { forbiddenPropertyMessage } from '../../server/plugins/body-depth.ts';

type Row = Record<string, unknown>;

const newUser = (name: string, more: Row = {}) => ({
  FirstName: 'Grace', LastName: name, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`,
  UserName: `${name}@example.org`, Password: 'Compiler1952', ConfirmPassword: 'Compiler1952', IsActive: true, ...more,
});
const malformed = (PropertyName: string | null) => [{ PropertyName, ErrorMessage: malformedTextMessage, ErrorCode: 'malformedText' }];

/**
 * Issue 27.8: a lone surrogate ("x\ud800y") in a built form's text field or a user's name was stored as "x\uFFFDy"
 * with 201, and refused in a UDF with PropertyName null; a body with a `__proto__` key was refused as 'not valid JSON'.
 * Text that is not well-formed Unicode, anywhere in a body, is refused with 400 naming its property and is never
 * altered; a `__proto__` key is refused saying so.
 */
describe.each(databases)('malformed text is refused, never altered, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  const records = () => `/api/forms/${formId}/records`;
  const post = (url: string, payload: Row | string, contentType = 'application/json') =>
    injectAs(t.app, admin, { method: 'POST', url, payload, headers: { 'content-type': contentType } });
  const stored = async () => Number((await t.app.db(`form_records_${formId}`).count({ n: '*' }).first())!.n);

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await post('/api/forms', { Name: 'Texts', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).json().FormId;
    for (const [Name, IsUdf] of [['Title', false], ['Badge', true]] as const) {
      const res = await post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType: 'text', IsUdf, IsActive: true, StartDate: IsUdf ? '2020-01-01' : null, EndDate: null, AttributeValues: {} });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it("a lone surrogate in a built form's text field, its UDF or nested anywhere is refused naming the property, and nothing is stored", async () => {
    const before = await stored();
    expect((await post(records(), { Title: 'x\ud800y' })).json()).toEqual(malformed('Title'));
    expect((await post(records(), { Title: 'ok', Badge: 'tail\udfff' })).json()).toEqual(malformed('Badge'));
    expect((await post(records(), { Title: 'ok', Extra: { Parts: ['fine', 'b\udc00ad'] } })).json()).toEqual(malformed('Extra.Parts.1'));
    expect((await post(records(), { Title: 'ok', ['key\ud83d']: 1 })).json()).toEqual(malformed(null));
    const refused = await post(records(), { Title: '\ud83d' });
    expect(refused.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it("a user's name with a lone surrogate is refused naming it, and no user is made", async () => {
    const res = await post('/api/users', newUser('surrogate', { FirstName: 'x\ud800y' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(malformed('FirstName'));
    expect(await t.app.db('users').where({ LastName: 'surrogate' }).first()).toBeUndefined();
  });

  it('well-formed text outside the basic plane is stored exactly as sent', async () => {
    const res = await post(records(), { Title: 'a\ud83d\ude00b', Badge: '\u{1F680}' });
    expect(res.statusCode, res.body).toBe(201);
    const read = (await injectAs(t.app, admin, { method: 'GET', url: `${records()}/${res.json().RecordId}` })).json();
    expect(read).toMatchObject({ Title: 'a😀b', Badge: '🚀' });
  });

  it('bytes that are not UTF-8 are refused, not read as U+FFFD', async () => {
    const before = await stored();
    const bytes = Buffer.concat([Buffer.from('{"Title":"x'), Buffer.from([0xff, 0xfe]), Buffer.from('y"}')]);
    const res = await injectAs(t.app, admin, { method: 'POST', url: records(), payload: bytes, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[0]).toMatchObject({ PropertyName: null, ErrorCode: 'malformedText' });
    expect(await stored()).toBe(before);
  });

  it('a __proto__ key, or a constructor holding prototype, is refused saying which, not as invalid JSON', async () => {
    const proto = await post(records(), '{"Title":"ok","__proto__":{"isAdmin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual([{ PropertyName: '__proto__', ErrorMessage: forbiddenPropertyMessage('__proto__'), ErrorCode: 'forbiddenProperty' }]);
    expect(proto.json()[0].ErrorMessage).toBe('The request carries a property named __proto__, which is not allowed.');
    const nested = await post('/api/users', '{"FirstName":"a","Address":{"constructor":{"prototype":{"x":1}}}}');
    expect(nested.json()).toEqual([{ PropertyName: 'constructor', ErrorMessage: forbiddenPropertyMessage('constructor'), ErrorCode: 'forbiddenProperty' }]);
    // JSON that is truly invalid keeps its own message.
    const broken = await post(records(), '{"Title":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()[0].ErrorMessage).toMatch(/not valid JSON/);
  });
});
