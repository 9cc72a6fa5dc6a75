import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';

interface Option { Id: number; Name: string; Code?: string; Abbreviation?: string }

describe.each(databases)('lookups for the widgets (countries, states, phone number types) on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const get = (url: string) => injectAs(t.app, admin, { method: 'GET', url });
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it("lists every country as {Id, Name}, the United States named 'UNITED STATES' and first", async () => {
    const res = await get('/api/lookups/countries');
    expect(res.statusCode).toBe(200);
    const countries = res.json() as Option[];
    expect(countries.length).toBe(249);
    expect(countries[0]).toMatchObject({ Name: 'UNITED STATES', Code: 'US' });
    expect(countries.map((c) => c.Name)).toEqual(expect.arrayContaining(['CANADA', 'MEXICO', 'UNITED KINGDOM', 'GERMANY']));
    expect(new Set(countries.map((c) => c.Id)).size).toBe(countries.length);
    const rest = countries.slice(1).map((c) => c.Name);
    expect(rest).toEqual([...rest].sort());
  });

  it('lists the states of the United States with their abbreviations', async () => {
    const states = (await get('/api/lookups/states')).json() as Option[];
    expect(states.length).toBe(56);
    expect(states).toContainEqual(expect.objectContaining({ Name: 'New York', Abbreviation: 'NY' }));
    expect(states).toContainEqual(expect.objectContaining({ Name: 'District of Columbia', Abbreviation: 'DC' }));
  });

  it('lists the phone number types', async () => {
    const types = (await get('/api/lookups/phone-number-types')).json() as Option[];
    expect(types.map((t) => t.Name)).toEqual(['Home', 'Work', 'Mobile', 'Fax', 'Other']);
    expect(Object.keys(types[0]).sort()).toEqual(['Id', 'Name']);
  });

  it('lists the courtesy titles for the Salutation of Your Account', async () => {
    const titles = (await get('/api/lookups/salutations')).json() as Option[];
    expect(titles.map((t) => t.Name)).toEqual(['Mr.', 'Mrs.', 'Ms.', 'Miss', 'Mx.', 'Dr.', 'Prof.', 'Rev.']);
  });

  it('answers a search by text (case ignored, % and _ taken literally) and a lookup by ids', async () => {
    const found = (await get('/api/lookups/countries?search=united')).json() as Option[];
    expect(found.map((c) => c.Name)).toEqual(['UNITED STATES', 'UNITED ARAB EMIRATES', 'UNITED KINGDOM', 'UNITED STATES MINOR OUTLYING ISLANDS']);
    expect((await get('/api/lookups/countries?search=%25')).json()).toEqual([]);
    const all = (await get('/api/lookups/states')).json() as Option[];
    const [a, b] = [all[3], all[10]];
    const byIds = (await get(`/api/lookups/states?ids=${a.Id}&ids=${b.Id}`)).json() as Option[];
    expect(byIds.map((s) => s.Id).sort()).toEqual([a.Id, b.Id].sort());
    const byCommaIds = (await get(`/api/lookups/states?ids=${a.Id},${b.Id}`)).json() as Option[];
    expect(byCommaIds).toEqual(byIds);
  });

  it('still names an option chosen before it was retired, when asked by id', async () => {
    const fax = ((await get('/api/lookups/phone-number-types')).json() as Option[]).find((o) => o.Name === 'Fax')!;
    await t.app.db('phone_number_types').where('PhoneNumberTypeId', fax.Id).update({ IsActive: false });
    try {
      expect(((await get('/api/lookups/phone-number-types')).json() as Option[]).map((o) => o.Name)).not.toContain('Fax');
      expect((await get(`/api/lookups/phone-number-types?ids=${fax.Id}`)).json()).toEqual([{ Id: fax.Id, Name: 'Fax' }]);
    } finally {
      await t.app.db('phone_number_types').where('PhoneNumberTypeId', fax.Id).update({ IsActive: true });
    }
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/lookups/countries', '/api/lookups/states', '/api/lookups/phone-number-types']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
