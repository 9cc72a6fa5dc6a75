import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addUser, signInBody } from './account-fixtures.ts';

interface Option { Id: number; Name: string }

const url = '/api/youraccount';

/** Ids of lookup options by name, as the widgets would send them. */
async function lookupIds(app: FastifyInstance, who: SignedIn, name: string): Promise<Map<string, number>> {
  const options = (await injectLocked(app, who, { method: 'GET', url: `/api/lookups/${name}` })).json() as Option[];
  return new Map(options.map((o) => [o.Name, o.Id]));
}

describe.each(databases)('Your Account: the signed-in user reads and saves their own account on %s', (kind) => {
  const t = useTestApp(kind);
  let countries: Map<string, number>;
  let states: Map<string, number>;
  let types: Map<string, number>;
  let titles: Map<string, number>;

  /** A fresh user, signed in, with the account as the form would send it back. */
  async function newAccount(userName: string, password = 'Passw0rd1') {
    const userId = await addUser(t.app, { UserName: userName, Password: password });
    const who = await signIn(t.app, userName, password);
    const post = (payload: object) => injectLocked(t.app, who, { method: 'POST', url, payload });
    const read = async () => (await injectLocked(t.app, who, { method: 'GET', url })).json();
    return { userId, who, post, read, account: await read() };
  }

  beforeAll(async () => {
    const admin = await signIn(t.app);
    [countries, states, types, titles] = await Promise.all(['countries', 'states', 'phone-number-types', 'salutations'].map((n) => lookupIds(t.app, admin, n)));
  });

  const usAddress = () => ({ Country: { Id: countries.get('UNITED STATES')! }, Address1: '1600 Pennsylvania Ave NW', City: 'Washington', State: { Id: states.get('District of Columbia')! }, ZipCode: '20500' });
  const phone = (type: string, number: string, primary: boolean) => ({ IsPrimary: primary, PhoneNumberType: { Id: types.get(type)! }, CountryCode: '1', PhoneNumber: number, Extension: '' });

  it("saves the master administrator's own account as it was first made, with only the name changed", async () => {
    const admin = await signIn(t.app);
    const account = (await injectLocked(t.app, admin, { method: 'GET', url })).json();
    const saved = await injectLocked(t.app, admin, { method: 'POST', url, payload: { ...account, FirstName: 'Ada' } });
    expect(saved.statusCode).toBe(200);
    expect((await injectLocked(t.app, admin, { method: 'GET', url })).json()).toMatchObject({ FirstName: 'Ada', EmailAddress: account.EmailAddress });
  });

  it('reads the own account: no title (-1), no address or phone numbers yet, and never a password', async () => {
    const { userId, account } = await newAccount('yara');
    expect(account).toEqual({
      UserId: userId, Salutation: -1, FirstName: 'Firstyara', LastName: 'Lastyara', EmailAddress: 'yara@example.org', UserName: 'yara', Address: {}, PhoneNumbers: [],
    });
  });

  it('saves the whole model (title, names, United States address, two phone numbers) and reads it back as saved', async () => {
    const { post, read, account } = await newAccount('zeno');
    const saved = await post({
      ...account, Salutation: titles.get('Dr.'), FirstName: 'Zeno', LastName: 'Elea', EmailAddress: 'zeno@example.org',
      Address: usAddress(), PhoneNumbers: [phone('Work', '2025550100', false), phone('Mobile', '2025550111', true)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      Salutation: titles.get('Dr.'), FirstName: 'Zeno', LastName: 'Elea',
      Address: { ...usAddress(), Country: { Id: countries.get('UNITED STATES'), Name: 'UNITED STATES' }, State: { Id: states.get('District of Columbia'), Name: 'District of Columbia' } },
      PhoneNumbers: [
        { ...phone('Work', '2025550100', false), PhoneNumberType: { Id: types.get('Work'), Name: 'Work' } },
        { ...phone('Mobile', '2025550111', true), PhoneNumberType: { Id: types.get('Mobile'), Name: 'Mobile' } },
      ],
    };
    expect(saved.json()).toMatchObject(expected);
    expect(await read()).toMatchObject(expected);
  });

  it('keeps only the region parts of the chosen country: Province/Region and Postal Code outside the United States', async () => {
    const { post, read, account } = await newAccount('olga');
    await post({ ...account, Address: usAddress() });
    const canada = { Country: { Id: countries.get('CANADA')! }, Address1: '111 Wellington St', City: 'Ottawa', ProvinceRegion: 'Ontario', PostalCode: 'K1A0A9' };
    // A client that sends the old State and Zip Code along (or calls Canada 'UNITED STATES') changes nothing.
    const res = await post({ ...account, Address: { ...canada, Country: { ...canada.Country, Name: 'UNITED STATES' }, State: { Id: states.get('Ohio') }, ZipCode: '43004' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).Address).toEqual({ ...canada, Country: { Id: countries.get('CANADA'), Name: 'CANADA' } });
  });

  it('clears the title, the address and the phone numbers when they are emptied', async () => {
    const { post, read, account } = await newAccount('piet');
    await post({ ...account, Salutation: titles.get('Mr.'), Address: usAddress(), PhoneNumbers: [phone('Home', '2025550123', true)] });
    expect((await post({ ...account, Salutation: -1, Address: {}, PhoneNumbers: [] })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ Salutation: -1, Address: {}, PhoneNumbers: [] });
  });

  it('requires First Name, Last Name, Email Address and User Name with the specification messages, writing nothing', async () => {
    const { post, read, account } = await newAccount('quinn');
    // Emptied fields are left out of the body by the form; sent as '' they are refused the same way.
    const { FirstName: _f, LastName: _l, EmailAddress: _e, UserName: _u, ...emptied } = account;
    expect((await post({ ...account, FirstName: '' })).json()).toEqual([expect.objectContaining({ PropertyName: 'FirstName', ErrorMessage: 'First Name is required.' })]);
    const res = await post({ ...emptied, Salutation: titles.get('Ms.') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveLength(4);
    expect(res.json()).toEqual(expect.arrayContaining(['First Name', 'Last Name', 'Email Address', 'User Name'].map((label) =>
      expect.objectContaining({ PropertyName: label.replace(' ', ''), ErrorMessage: `${label} is required.` }))));
    const bad = await post({ ...account, EmailAddress: 'not-an-address' });
    expect(bad.json()).toEqual([expect.objectContaining({ PropertyName: 'EmailAddress', ErrorMessage: expect.stringMatching(/^Must be a valid /) })]);
    expect(await read()).toEqual(account);
  });

  it('refuses a choice that names no option (country, state, phone type, title), writing nothing', async () => {
    const { post, read, account } = await newAccount('ugo');
    const res = await post({ ...account, FirstName: 'Changed', Salutation: 9999, Address: { ...usAddress(), Country: { Id: 99999 } }, PhoneNumbers: [{ ...phone('Home', '2025550123', true), PhoneNumberType: { Id: 999 } }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.arrayContaining([
      { PropertyName: 'Address.Country', ErrorMessage: 'Must be a valid Country.', ErrorCode: 'UnknownOption' },
      { PropertyName: 'PhoneNumbers', ErrorMessage: 'Must be a valid Type.', ErrorCode: 'UnknownOption' },
      { PropertyName: 'Salutation', ErrorMessage: 'Must be a valid Salutation.', ErrorCode: 'UnknownOption' },
    ]));
    expect(await read()).toEqual(account);
  });

  it('holds the address to the address rules on the server: parts required once any is filled, zip and postal code patterns, 200-character lines', async () => {
    const { post, read, account } = await newAccount('rosa');
    const errorsOf = async (Address: object) => {
      const res = await post({ ...account, FirstName: 'Changed', Address });
      expect(res.statusCode).toBe(400);
      return res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage]);
    };
    expect(await errorsOf({ City: 'Springfield' })).toEqual([['Address.Country', 'Country is required.'], ['Address.Address1', 'Address 1 is required.']]);
    expect(await errorsOf({ ...usAddress(), State: undefined, ZipCode: '1234' })).toEqual([
      ['Address.State', 'State is required.'], ['Address.ZipCode', 'Must be a valid zip code.'],
    ]);
    const france = { Country: { Id: countries.get('FRANCE')! }, Address1: 'x'.repeat(201), City: 'Paris', ProvinceRegion: 'Ile-de-France', PostalCode: '75008#' };
    expect(await errorsOf(france)).toEqual([
      ['Address.Address1', 'You have exceeded the maximum character length allowable for this field.'],
      ['Address.PostalCode', 'Must be a valid postal code.'],
    ]);
    expect(await read()).toEqual(account);
  });

  it('holds the phone numbers to the phone list rules on the server: exactly one primary, Type, Country Code (5) and Phone Number (15) required', async () => {
    const { post, read, account } = await newAccount('sven');
    const errorsOf = async (PhoneNumbers: object[]) => {
      const res = await post({ ...account, FirstName: 'Changed', PhoneNumbers });
      expect(res.statusCode).toBe(400);
      return res.json().map((e: { ErrorMessage: string }) => e.ErrorMessage);
    };
    expect(await errorsOf([phone('Home', '2025550100', true), phone('Work', '2025550101', true)])).toEqual(['Exactly one phone number must be primary.']);
    expect(await errorsOf([phone('Home', '2025550100', false)])).toEqual(['Exactly one phone number must be primary.']);
    expect(await errorsOf([{ ...phone('Home', '1234567890123456', true), CountryCode: '123456' }])).toEqual(['Must be a valid list of phone numbers.']);
    expect(await errorsOf([{ ...phone('Home', '', true), PhoneNumberType: null }])).toEqual(['Must be a valid list of phone numbers.']);
    expect(await read()).toEqual(account);
  });

  it("refuses another user's user name, whatever its case, with the specification wording, writing nothing", async () => {
    await addUser(t.app, { UserName: 'taken.name' });
    const { post, read, account } = await newAccount('vera');
    const res = await post({ ...account, FirstName: 'Changed', UserName: 'Taken.Name' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([{ PropertyName: 'UserName', ErrorMessage: 'An account with this user name already exists in the system.', ErrorCode: 'Unique' }]);
    expect(await read()).toEqual(account);
    const renamed = await post({ ...account, UserName: 'vera.new' });
    expect(renamed.json().UserName).toBe('vera.new');
    expect((await t.app.inject(signInBody('vera.new', 'Passw0rd1'))).statusCode).toBe(200);
  });

  it("refuses another user's e-mail address, as the user forms do, writing nothing", async () => {
    await addUser(t.app, { UserName: 'owner', EmailAddress: 'owned@example.org' });
    const { post, read, account } = await newAccount('yusuf');
    const res = await post({ ...account, FirstName: 'Changed', EmailAddress: 'OWNED@example.org' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([{ PropertyName: 'EmailAddress', ErrorMessage: 'An account with this Email Address already exists in the system!', ErrorCode: 'Unique' }]);
    expect(await read()).toEqual(account);
  });

  it('only ever touches the signed-in user: a UserId in the body is not followed', async () => {
    const otherId = await addUser(t.app, { UserName: 'walter' });
    const { userId, post } = await newAccount('xena');
    const res = await post({ UserId: otherId, FirstName: 'Hijack', LastName: 'Attempt', EmailAddress: 'x@example.org', UserName: 'xena' });
    expect(res.json()).toMatchObject({ UserId: userId, FirstName: 'Hijack' });
    expect(await t.app.db('users').where({ UserId: otherId }).first('FirstName')).toEqual({ FirstName: 'Firstwalter' });
  });

  it('is open to any signed-in user without a module, and to nobody without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const { who } = await newAccount('nomodules');
    const routes = (await injectLocked(t.app, who, { method: 'GET', url: '/api/App/GetRoutes' })).json() as Array<{ Name: string; Url: string; Title: string }>;
    expect(routes).toContainEqual(expect.objectContaining({ Name: 'youraccount.single', Url: '/youraccount', Title: 'Your Account' }));
  });
});

describe.each(databases)('Your Account: the password section on %s', (kind) => {
  const t = useTestApp(kind);

  async function newAccount(userName: string, password: string) {
    await addUser(t.app, { UserName: userName, Password: password });
    const who = await signIn(t.app, userName, password);
    const account = (await injectLocked(t.app, who, { method: 'GET', url })).json();
    return { who, account, post: (payload: object) => injectLocked(t.app, who, { method: 'POST', url, payload }) };
  }
  const canSignIn = async (userName: string, password: string) => (await t.app.inject(signInBody(userName, password))).statusCode === 200;

  it('requires Current Password, New Password and Confirm Password only while changing the password', async () => {
    const { post, account } = await newAccount('anna', 'AnnaPass1');
    const res = await post({ ...account, ChangePassword: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().map((e: { ErrorMessage: string }) => e.ErrorMessage).sort()).toEqual([
      'Confirm Password is required.', 'Current Password is required.', 'New Password is required.',
    ]);
    expect((await post({ ...account, ChangePassword: false })).statusCode).toBe(200);
  });

  it('checks the new password with the password pattern and the confirmation against it', async () => {
    const { post, account } = await newAccount('bert', 'BertPass1');
    const weak = await post({ ...account, ChangePassword: true, CurrentPassword: 'BertPass1', NewPassword: 'lettersonly', ConfirmPassword: 'lettersonly' });
    expect(weak.json()).toEqual([expect.objectContaining({ PropertyName: 'NewPassword', ErrorMessage: 'Must be a valid password of at least 8 characters with at least one letter and one number.' })]);
    const mismatch = await post({ ...account, ChangePassword: true, CurrentPassword: 'BertPass1', NewPassword: 'BertNew22', ConfirmPassword: 'BertNew33' });
    expect(mismatch.json()).toEqual([expect.objectContaining({ PropertyName: 'ConfirmPassword', ErrorMessage: 'Must equal New Password.' })]);
    expect(await canSignIn('bert', 'BertPass1')).toBe(true);
  });

  it('refuses a wrong current password and then writes nothing at all', async () => {
    const { post, account } = await newAccount('cleo', 'CleoPass1');
    const res = await post({ ...account, FirstName: 'Changed', ChangePassword: true, CurrentPassword: 'Wrong1234', NewPassword: 'CleoNew22', ConfirmPassword: 'CleoNew22' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'CurrentPassword', ErrorMessage: 'The Current Password you entered is incorrect.', ErrorCode: 'CurrentPasswordIncorrect' }]);
    expect(await t.app.db('users').where({ UserName: 'cleo' }).first('FirstName')).toEqual({ FirstName: 'Firstcleo' });
    expect(await canSignIn('cleo', 'CleoPass1')).toBe(true);
  });

  it('changes the password with the right current one, with the rest of the account, keeping this session only', async () => {
    const { who, account } = await newAccount('dirk', 'DirkPass1');
    const other = await signIn(t.app, 'dirk', 'DirkPass1');
    // SINGLE mode ended the first session when the second began; revive it to see the change end it.
    await t.app.db('sessions').where({ SessionId: who.sessionId }).update({ EndedAt: null, EndReason: null });
    const res = await injectLocked(t.app, other, { method: 'POST', url, payload: { ...account, FirstName: 'Dirk', ChangePassword: true, CurrentPassword: 'DirkPass1', NewPassword: 'DirkNew22', ConfirmPassword: 'DirkNew22' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('NewPassword');
    expect(res.json().FirstName).toBe('Dirk');
    expect(await canSignIn('dirk', 'DirkNew22')).toBe(true);
    expect(await canSignIn('dirk', 'DirkPass1')).toBe(false);
    expect((await injectLocked(t.app, who, { method: 'GET', url })).json()[0].ErrorCode).toBe('SessionPasswordChanged');
  });

  it('leaves the password alone while the toggle is off, whatever password fields come along', async () => {
    const { post, account } = await newAccount('emil', 'EmilPass1');
    const res = await post({ ...account, ChangePassword: false, CurrentPassword: 'EmilPass1', NewPassword: 'EmilNew22', ConfirmPassword: 'EmilNew22' });
    expect(res.statusCode).toBe(200);
    expect(await canSignIn('emil', 'EmilPass1')).toBe(true);
  });

  it('leaves the password and the account unchanged when the new user name is taken', async () => {
    await addUser(t.app, { UserName: 'fixed.name' });
    const { post, account } = await newAccount('fritz', 'FritzPass1');
    const res = await post({ ...account, UserName: 'fixed.name', ChangePassword: true, CurrentPassword: 'FritzPass1', NewPassword: 'FritzNew22', ConfirmPassword: 'FritzNew22' });
    expect(res.statusCode).toBe(409);
    expect(await canSignIn('fritz', 'FritzPass1')).toBe(true);
  });
});
