import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';
import { plainKnex } from './plain-knex.ts';
import { auditEntriesByFieldId } from '../../server/db/migrations/111_field_identity_and_levels.ts';

/**
 * Migration 111 on entries written before fields had ids in History: each change is given the id of the field that
 * carried its name when it was written (from the form's revisions), so a field renamed since, and a field that took a
 * renamed field's old name, each keep their own history.
 */
describe.each(databases)("migration 111 names audited changes by the field's id, on %s", (kind) => {
  const t = useTestApp(kind);

  it('maps an old name to the field that had it then, not to a newer field of that name', async () => {
    const admin = await signIn(t.app);
    const post = async (url: string, payload: object) => {
      const res = await injectLocked(t.app, admin, { method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const FormId = (await post('/api/forms', { Name: 'Ledger', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    const field = (Name: string) => ({ FormId, Name, ReportLabelText: Name, FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    const notesId = (await post('/api/formfields', field('Notes'))).FormFieldId;
    const api = `/api/forms/${FormId}/records`;
    const RecordId = (await post(api, { Notes: 'written as Notes' })).RecordId;
    // Notes becomes Remarks, and a new field takes the name Notes.
    const { record } = await readForUpdate(t.app, admin, `/api/formfields/${notesId}`);
    await post(`/api/formfields/${notesId}`, { ...record, ...field('Remarks') });
    const newNotesId = (await post('/api/formfields', field('Notes'))).FormFieldId;
    await post(`${api}/${RecordId}`, { Remarks: 'written as Remarks', Notes: 'the new Notes' });

    // As a database before 111 held them: no ids in the entries.
    const plain = plainKnex(t.app, t.config.databaseUrl);
    try {
      const entries: Array<{ audit_id: string; changes: Array<Record<string, unknown>> }> = await plain('audit_entries').where({ entity: `form-${FormId}` }).select('audit_id', 'changes');
      for (const e of entries) {
        await plain('audit_entries').where({ audit_id: e.audit_id }).update({ changes: JSON.stringify(e.changes.map(({ FieldId: _id, ...c }) => c)) });
      }
      const stripped = await plain('audit_entries').where({ entity: `form-${FormId}` }).select('changes');
      expect(JSON.stringify(stripped)).not.toContain('FieldId');
      await plain.transaction((trx) => auditEntriesByFieldId(trx));
      const moved: Array<{ changes: Array<{ Field: string; New: unknown; FieldId?: number }> }> = await plain('audit_entries').where({ entity: `form-${FormId}` }).orderBy('audit_id').select('changes');
      const changes = moved.flatMap((e) => e.changes);
      expect(changes.find((c) => c.New === 'written as Notes')?.FieldId).toBe(notesId);
      expect(changes.find((c) => c.New === 'written as Remarks')?.FieldId).toBe(notesId);
      expect(changes.find((c) => c.New === 'the new Notes')?.FieldId).toBe(newNotesId);
    } finally {
      await plain.destroy();
    }
    // History names the first change by the field's current name.
    const history = (await injectAs(t.app, admin, { url: `${api}/${RecordId}/history` })).json() as Array<{ Changes: Array<{ Field: string; New: unknown }> }>;
    const first = history.flatMap((e) => e.Changes).find((c) => c.New === 'written as Notes');
    expect(first?.Field).toBe('Remarks');
  });
});
