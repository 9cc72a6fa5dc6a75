import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../helper.ts';
import { refusalFault } from './refusal-check.ts';
import { RowChangeLog } from './row-change-log.ts';

// The property's own checks, shown failing when their rule is broken (otherwise a silent fuzzer proves nothing).
describe('The bad-input property notices what it is meant to notice', () => {
  const t = useTestApp('pglite');

  it('a row written, a row deleted and a new table are logged; the ignored last activity is not', async () => {
    const log = new RowChangeLog(t.app.db);
    await log.install();
    await signIn(t.app);
    expect((await log.takeChanges()).map((c) => c.table)).toContain('sessions');
    await t.app.db('sessions').update({ LastSeen: new Date() });
    expect(await log.takeChanges()).toEqual([]);
    await t.app.db('outbox').insert({ ToAddress: 'a@example.org', Subject: 's', TextBody: 't' });
    expect((await log.takeChanges()).map((c) => `${c.table} ${c.op}`)).toEqual(['outbox INSERT']);
    // Inserted and deleted again in one request: nothing changed, as a snapshot before and after would see it.
    await t.app.db('outbox').insert({ ToAddress: 'b@example.org', Subject: 's', TextBody: 't' });
    await t.app.db('outbox').where({ ToAddress: 'b@example.org' }).delete();
    expect(await log.takeChanges()).toEqual([]);
    await t.app.db('outbox').delete();
    expect((await log.takeChanges()).map((c) => `${c.table} ${c.op}`)).toEqual(['outbox DELETE']);
    await t.app.db.raw('create table made_by_a_request (id int)');
    expect((await log.takeChanges()).map((c) => c.op)).toEqual(['DDL']);
    await t.app.db.raw('insert into made_by_a_request values (1)');
    expect((await log.takeChanges()).map((c) => c.table)).toEqual(['made_by_a_request']);
  });

  it('refusalFault: 5xx, a refusal outside the error shape, and a refusal that wrote are faults', () => {
    const answer = (statusCode: number, body: unknown) => ({ statusCode, body: JSON.stringify(body), json: () => body }) as never;
    const shaped = [{ PropertyName: null, ErrorMessage: 'No.', ErrorCode: 400 }];
    expect(refusalFault(answer(400, shaped), [])).toBeNull();
    expect(refusalFault(answer(200, {}), [{ table: 'users', op: 'INSERT', before: null, after: {} }])).toBeNull();
    expect(refusalFault(answer(500, shaped), [])).toMatch(/answered 500/);
    expect(refusalFault(answer(414, { error: 'Bad Request', message: 'x' }), [])).toMatch(/outside the error shape/);
    expect(refusalFault(answer(400, [{ ErrorMessage: '' }]), [])).toMatch(/outside the error shape/);
    expect(refusalFault(answer(403, shaped), [{ table: 'users', op: 'UPDATE', before: {}, after: {} }])).toMatch(/yet wrote/);
  });
});
