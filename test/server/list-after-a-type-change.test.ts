import { describe, expect, it } from 'vitest';
import { databases, signIn, startTestApp } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { buildApp } from '../../server/app.ts';
import { addUser } from './account-fixtures.ts';

/**
 * A list page runs as a prepared statement named after its SQL. A type change keeps that SQL and changes a column's type,
 * and PostgreSQL then refuses the statement prepared before ('cached plan must not change result type'): every process
 * serving the form, the one that made the change and any other, answers its list after the change as before it.
 */
describe.each(databases)('the list answers after a type change, in every process, on %s', (kind) => {
  it('lists before and after a field of the form changes type, in this process and another', async () => {
    const first = await startTestApp(kind);
    const other = kind === 'postgres' ? await buildApp(first.config) : first.app;
    try {
      const admin = await signIn(first.app);
      // Another administrator reads: a second sign-in of 'admin' would end the first one's session.
      await addUser(first.app, { UserName: 'reader', Password: 'Reader12345', RoleIds: [1] });
      const reader = await signIn(other, 'reader', 'Reader12345');
      const as = (method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(first.app, admin, { method, url, payload });
      const form = (await as('POST', '/api/forms', { Name: 'Counted', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).json();
      const body = { FormId: form.FormId, Name: 'Amount', ReportLabelText: 'Amount', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} };
      const field = (await as('POST', '/api/formfields', body)).json();
      for (let i = 1; i <= 3; i++) expect((await as('POST', `/api/forms/${form.FormId}/records`, { Amount: String(i) })).statusCode).toBe(201);
      const list = `/api/forms/${form.FormId}/records?pageSize=10&sorts=Amount,asc`;
      // Every pooled connection of both processes prepares the page's statement.
      const lists = (app: typeof other, who: typeof admin) => Promise.all(Array.from({ length: 12 }, () => injectLocked(app, who, { method: 'GET', url: list })));
      for (const res of [...await lists(first.app, admin), ...await lists(other, reader)]) expect(res.statusCode, res.body).toBe(200);

      expect((await as('POST', `/api/formfields/${field.FormFieldId}`, { ...body, FieldType: 'integer' })).statusCode).toBe(200);

      for (const [app, who] of [[first.app, admin], [other, reader]] as const) {
        for (const res of await lists(app, who)) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().Items.map((r: { Amount: unknown }) => r.Amount)).toEqual([1, 2, 3]);
        }
      }
    } finally {
      if (other !== first.app) await other.close();
      await first.stop();
    }
  });
});
