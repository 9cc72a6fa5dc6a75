import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser } from './account-fixtures.ts';

describe.each(databases)('preferences (storage-read / storage-save) on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let other: SignedIn;
  const read = (who: SignedIn, key: string) => injectAs(t.app, who, { method: 'GET', url: `/api/preferences/storage-read?key=${encodeURIComponent(key)}` });
  const save = (who: SignedIn, payload: unknown) => injectAs(t.app, who, { method: 'POST', url: '/api/preferences/storage-save', payload: payload as object });

  beforeAll(async () => {
    admin = await signIn(t.app);
    await addUser(t.app, { UserName: 'prefs', Password: 'Prefs12345' });
    other = await signIn(t.app, 'prefs', 'Prefs12345');
  });

  it('answers an empty string for a key never saved', async () => {
    const res = await read(admin, 'gridview:/nothing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Value: '' });
  });

  it('saves a value and reads it back, under the key lowercased, replacing the value before', async () => {
    expect((await save(admin, { Key: 'GridView:/User', Value: '{"pageSize":20}' })).statusCode).toBe(204);
    expect((await read(admin, 'gridview:/user')).json()).toEqual({ Value: '{"pageSize":20}' });
    expect((await read(admin, 'GRIDVIEW:/USER')).json()).toEqual({ Value: '{"pageSize":20}' });
    expect((await save(admin, { Key: 'gridview:/user', Value: '{"pageSize":10}' })).statusCode).toBe(204);
    expect((await read(admin, 'GridView:/User')).json()).toEqual({ Value: '{"pageSize":10}' });
    const rows = await t.app.db('user_preferences').select('Key');
    expect(rows.map((r: { Key: string }) => r.Key)).toEqual(['gridview:/user']);
  });

  it("keeps each user's preferences to that user", async () => {
    expect((await read(other, 'gridview:/user')).json()).toEqual({ Value: '' });
    await save(other, { Key: 'gridview:/user', Value: '{"pageSize":100}' });
    expect((await read(other, 'gridview:/user')).json()).toEqual({ Value: '{"pageSize":100}' });
    expect((await read(admin, 'gridview:/user')).json()).toEqual({ Value: '{"pageSize":10}' });
  });

  it('rejects a key that is not a string, a missing or blank key, and a value that is not a string', async () => {
    for (const payload of [{ Key: 5, Value: 'x' }, { Key: ['a'], Value: 'x' }, { Key: null, Value: 'x' }, { Value: 'x' }, { Key: '   ', Value: 'x' }, { Key: 'k', Value: 7 }]) {
      const res = await save(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()[0]).toHaveProperty('ErrorMessage');
    }
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/api/preferences/storage-read' })).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/preferences/storage-read?key=a' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/preferences/storage-save', payload: { Key: 'a', Value: 'b' } })).statusCode).toBe(401);
  });
});
