import { describe, expect, it } from 'vitest';
import { dataExceptionItems } from '../../../server/lib/database-errors.ts';
import { databases, signIn, useTestApp, type SignedIn } from '../helper.ts';

/**
 * The shrunk failures the property in bad-input-is-refused-cleanly.test.ts found, kept as plain tests:
 * each answered 500, or refused outside the error shape, before its fix.
 */
describe.each(databases)('Bad input is refused cleanly: cases the property found (%s)', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;

  const as = (url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: unknown) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('a path value longer than the router allows is refused in the error shape, not Fastify\'s own', async () => {
    admin = await signIn(t.app);
    const res = await as(`/api/users/${'x'.repeat(200)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'A value in the address is too long.', ErrorCode: 'FST_ERR_MAX_PARAM_LENGTH' }]);
  });

  it.each([
    ['GET', '/api/pages/2147483648/history'],
    ['GET', '/api/outbox/1e309'],
    ['POST', '/api/users/1e%2B308/deactivate'],
    ['GET', '/api/lookups/countries?ids=2147483648'],
    ['DELETE', '/api/simple-lookups/2147483648/items/12'],
    ['POST', '/api/formfields/1e309/type-change-preview'],
  ] as const)('%s %s: an integer beyond 2147483647 is refused with 400, not 500', async (method, url) => {
    const res = await as(url, method, method === 'POST' ? {} : undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()[0]).toMatchObject({ ErrorCode: 'maximum' });
  });

  it('2147483647 itself is a valid id (not found, not refused)', async () => {
    const res = await as('/api/pages/2147483647/history');
    expect(res.statusCode).toBe(404);
  });

  it('a NUL character in a value is refused with 400 naming the field, before the database fails on it', async () => {
    const res = await as('/api/preferences/storage-save', 'POST', { Key: 'grid', Value: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'Value', ErrorMessage: 'Value contains a character that cannot be stored.', ErrorCode: 'InvalidCharacter' }]);
    const inQuery = await as('/api/users?q=a%00b');
    expect(inQuery.json()[0]).toMatchObject({ PropertyName: 'q', ErrorCode: 'InvalidCharacter' });
  });

  it('a menu item under a parent that does not exist is refused with 400 naming the parent, and nothing is written', async () => {
    const before = await t.app.db('menu_items').count('* as n').first();
    const res = await as('/api/menu-items', 'POST', { Name: '!', MenuItemTypeId: 3, ParentMenuItemId: 2147483000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: 'ParentMenuItemId', ErrorMessage: 'The parent menu item no longer exists.', ErrorCode: 'MenuPlacement' }]);
    expect(await t.app.db('menu_items').count('* as n').first()).toEqual(before);
  });

  it('a foreign key a route did not check is refused as 400 naming the missing record, not 500', async () => {
    const [{ MenuItemId }] = await t.app.db('menu_items').insert({ Name: 'Orphan probe', MenuItemTypeId: 3, SortOrder: 0 }).returning('MenuItemId');
    const missingParent = t.app.db('menu_items').where({ MenuItemId }).update({ ParentMenuItemId: 2147483000 });
    const error = await missingParent.then(() => null, (e: unknown) => e);
    expect(dataExceptionItems(error)).toEqual([{ PropertyName: null, ErrorMessage: 'A record this refers to does not exist.', ErrorCode: 'NotFound' }]);
    await t.app.db('menu_items').insert({ Name: 'Child probe', MenuItemTypeId: 3, SortOrder: 0, ParentMenuItemId: MenuItemId });
    const inUse = await t.app.db('menu_items').where({ MenuItemId }).delete().then(() => null, (e: unknown) => e);
    expect(dataExceptionItems(inUse)?.[0].ErrorCode, String((inUse as { detail?: string })?.detail)).toBe('InUse');
  });
});
