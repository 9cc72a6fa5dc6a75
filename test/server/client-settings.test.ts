import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { forModule, multipart, samples } from './multipart.ts';
import { fileStorageFor } from '../../server/modules/files/storage.ts';

const textMaximum = 'You have exceeded the maximum character length allowable for this field.';
const usa = { Id: 1, Name: 'UNITED STATES' };
const canada = { Id: 40, Name: 'CANADA' };
const phone = (PhoneNumber: string, IsPrimary: boolean) => ({ IsPrimary, PhoneNumberType: { Id: 2, Name: 'Work' }, CountryCode: '1', PhoneNumber, Extension: '' });
const usAddress = { Country: usa, Address1: '1 Main St', Address2: '', City: 'Springfield', State: { Id: 36, Name: 'Ohio' }, ZipCode: '45501' };

describe.each(databases)('client settings on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'client-settings-'));
  const t = useTestApp(kind, { dataDir });
  let admin: SignedIn;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const read = async () => (await injectLocked(t.app, admin, { method: 'GET', url: '/api/clientsettings' })).json();
  const save = (payload: Record<string, unknown>) => injectLocked(t.app, admin, { method: 'POST', url: '/api/clientsettings', payload });
  const signInLogo = async () => (await t.app.inject({ url: '/api/App/ClientLogo' })).json();
  const errorsOf = (res: { json(): unknown }) => (res.json() as Array<{ PropertyName: string; ErrorMessage: string }>).map((e) => [e.PropertyName, e.ErrorMessage]);
  async function upload(url: string, fileName: string, content: Buffer) {
    const res = await injectLocked(t.app, admin, { method: 'POST', url: forModule(url), ...multipart([{ name: 'file', fileName, content }]) });
    expect(res.statusCode, res.body).toBe(201);
    const { FileName, UserFileName } = res.json();
    return { FileName, UserFileName };
  }
  const valid = () => ({
    CompanyName: 'Acme Aviation', CompanyWebsite: 'https://acme.example', TimeZone: 8,
    ContactFirstName: 'Ada', ContactLastName: 'Lovelace', ContactEmailAddress: 'ada@acme.example',
    PhoneNumbers: [phone('5551234567', true), phone('5557654321', false)], Address: usAddress,
  });
  /** Refused with these [PropertyName, message] items; the stored settings and the sign-in logo are as they were. */
  async function expectRefused(body: Record<string, unknown>, items: Array<[string, string]>) {
    const [before, logoBefore] = [await read(), await signInLogo()];
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual(items);
    expect(await read()).toEqual(before);
    expect(await signInLogo()).toEqual(logoBefore);
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('starts empty: no logo, no phone numbers, no address', async () => {
    expect(await read()).toMatchObject({ CompanyName: '', TimeZone: null, Logo: null, PhoneNumbers: [], Address: null });
  });

  it('saves company, contact, phone numbers, address and time zone, stamped with who saved them', async () => {
    const res = await save(valid());
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toMatchObject({ ...valid(), ModifiedBy: 'admin' });
    const setting = await t.app.db('app_settings').where('Name', 'CLIENT_SETTINGS').first('ModifiedBy');
    expect(setting.ModifiedBy).toBe('admin');
  });

  it('shows an uploaded logo on the sign-in page once the settings are saved with it, and the default once it is removed', async () => {
    const first = await upload('/api/files/upload-logo', 'first.png', samples.png);
    expect(await signInLogo()).toEqual({ FileName: null, UserFileName: null }); // uploaded, not saved
    expect((await save({ ...valid(), Logo: first })).statusCode).toBe(200);
    expect(await signInLogo()).toEqual(first);
    expect((await read()).Logo).toEqual(first);
    const second = await upload('/api/files/upload-logo', 'second.png', samples.png);
    expect(await signInLogo()).toEqual(first);
    expect((await save({ ...valid(), Logo: second })).statusCode).toBe(200);
    expect(await signInLogo()).toEqual(second);
    expect((await save({ ...valid(), Logo: null })).statusCode).toBe(200);
    expect(await signInLogo()).toEqual({ FileName: null, UserFileName: null });
    expect((await save({ ...valid(), Logo: second })).statusCode).toBe(200);
  });

  it("refuses a logo over 1 MB, or one that was not uploaded as the client logo, with the logo field's limits", async () => {
    const large = `${'a'.repeat(32)}.png`;
    // Stored where this database's files live (DATA_DIR, or PostgreSQL with DATABASE_URL), as an upload would be.
    const storage = fileStorageFor(t.config, t.app.db);
    const arriving = await storage.tempPath();
    writeFileSync(arriving, Buffer.concat([samples.png, Buffer.alloc(1024 * 1024)]));
    await storage.commit(arriving, large);
    await t.app.db('files').insert({ FileName: large, UserFileName: 'large.png', Name: 'large.png', Kind: 'clientlogo', ContentType: 'image/png', SizeBytes: 1024 * 1024 + samples.png.length, IsActive: false, CreatedBy: 'admin' });
    await expectRefused({ ...valid(), Logo: { FileName: large, UserFileName: 'large.png' } }, [['Logo', 'The image exceeds the maximum permitted file size. (1 MB)']]);
    await expectRefused({ ...valid(), Logo: await upload('/api/files/upload-image', 'photo.png', samples.png) }, [['Logo', 'The file was not uploaded through this field.']]);
    await expectRefused({ ...valid(), Logo: { FileName: `${'b'.repeat(32)}.png`, UserFileName: 'gone.png' } }, [['Logo', 'The file could not be found.']]);
  });

  it('needs State and Zip Code in the United States, Province/Region and Postal Code elsewhere, and Country, Address 1 and City once any part is filled', async () => {
    await expectRefused({ ...valid(), Address: { Country: usa, Address1: '1 Main St', City: 'Springfield' } }, [
      ['Address.State', 'State is required.'], ['Address.ZipCode', 'Zip Code is required.']]);
    await expectRefused({ ...valid(), Address: { Country: canada, Address1: '1 Bay St', City: 'Toronto' } }, [
      ['Address.ProvinceRegion', 'Province/Region is required.'], ['Address.PostalCode', 'Postal Code is required.']]);
    await expectRefused({ ...valid(), Address: { City: 'Springfield' } }, [['Address.Country', 'Country is required.'], ['Address.Address1', 'Address 1 is required.']]);
    await expectRefused({ ...valid(), Address: { ...usAddress, ZipCode: '4550' } }, [['Address.ZipCode', 'Must be a valid zip code.']]);
    const abroad = { Country: canada, Address1: '1 Bay St', City: 'Toronto', ProvinceRegion: 'Ontario', PostalCode: 'M5J2N8' };
    expect((await save({ ...valid(), Address: abroad })).statusCode).toBe(200);
    expect((await read()).Address).toEqual(abroad);
  });

  it('needs exactly one primary phone number, each with its type, country code and number within their maximums', async () => {
    await expectRefused({ ...valid(), PhoneNumbers: [phone('5551234567', true), phone('5557654321', true)] }, [['PhoneNumbers', 'Exactly one phone number must be primary.']]);
    await expectRefused({ ...valid(), PhoneNumbers: [{ ...phone('5551234567', true), CountryCode: '123456' }] }, [['PhoneNumbers', 'Must be a valid list of phone numbers.']]);
  });

  it('keeps names and the e-mail address within 200 characters, the website within 2000, and the e-mail address to its pattern', async () => {
    await expectRefused({ ...valid(), CompanyName: 'x'.repeat(201), ContactLastName: 'y'.repeat(201) }, [['CompanyName', textMaximum], ['ContactLastName', textMaximum]]);
    await expectRefused({ ...valid(), CompanyWebsite: `https://${'w'.repeat(1993)}` }, [['CompanyWebsite', textMaximum]]);
    await expectRefused({ ...valid(), ContactEmailAddress: 'not an address' }, [['ContactEmailAddress', 'Must be a valid e-mail address.']]);
    expect((await save({ ...valid(), CompanyWebsite: `https://${'w'.repeat(1992)}` })).statusCode).toBe(200);
  });
});
