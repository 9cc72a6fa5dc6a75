import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oneDatabase, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';
import { addRole, addUser } from './account-fixtures.ts';

/**
 * Issue 27's property: after any sequence of definition changes (rename, deactivate, reactivate) and access changes
 * (grant, revoke, read-only, a user's override either way) interleaved with writes, Clerk's answers (list, read,
 * History, export, the screen document) carry no value and no name, past or present, of a field Clerk does not hold,
 * and a write changing a read-only field is refused. Runs on a fixed seed (PROPERTY_SEED=random explores).
 */
type Level = 'hidden' | 'readOnly' | 'editable';
interface FieldModel { id: number; names: string[]; active: boolean; role: Level; override: Level | null; values: string[] }
type Action =
  | { kind: 'rename' | 'deactivate' | 'reactivate'; field: number }
  | { kind: 'grant'; field: number; level: Level }
  | { kind: 'override'; field: number; level: Level | null }
  | { kind: 'write' };

const fieldCount = 3;
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constantFrom('rename' as const, 'deactivate' as const, 'reactivate' as const), field: fc.nat(fieldCount - 1) }),
  fc.record({ kind: fc.constant('grant' as const), field: fc.nat(fieldCount - 1), level: fc.constantFrom<Level>('hidden', 'readOnly', 'editable') }),
  fc.record({ kind: fc.constant('override' as const), field: fc.nat(fieldCount - 1), level: fc.constantFrom<Level | null>('hidden', 'readOnly', 'editable', null) }),
  fc.record({ kind: fc.constant('write' as const) }),
);
const seed = process.env.PROPERTY_SEED === 'random' ? Date.now() : Number(process.env.PROPERTY_SEED ?? 27);
const effective = (f: FieldModel): Level => f.override ?? f.role;

describe.each(oneDatabase)('field access holds over any sequence of changes, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let run = 0;

  it('no answer to Clerk names or shows a field Clerk does not hold, and read-only fields are refused on change', async () => {
    admin = await signIn(t.app);
    if (process.env.PROPERTY_SEED === 'random') console.log(`field access property seed: ${seed}`);
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 7 }), async (actions) => {
      const n = ++run;
      const post = async (url: string, payload: object, who = admin) => {
        const res = await injectLocked(t.app, who, { method: 'POST', url, payload });
        if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res.json();
      };
      const formId = (await post('/api/forms', { Name: `Sequence ${n}`, Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId as number;
      const body = (f: FieldModel, i: number) => ({
        FormId: formId, Name: f.names.at(-1), ReportLabelText: f.names.at(-1), FieldType: 'text', IsUdf: i === fieldCount - 1,
        IsActive: f.active, StartDate: i === fieldCount - 1 ? '2020-01-01' : null, EndDate: null, AttributeValues: {},
      });
      let names = 0;
      const fields: FieldModel[] = [];
      for (let i = 0; i < fieldCount; i++) {
        const f: FieldModel = { id: 0, names: [`Zq${n}n${++names}`], active: true, role: 'editable', override: null, values: [] };
        f.id = (await post('/api/formfields', body(f, i))).FormFieldId;
        fields.push(f);
      }
      const api = `/api/forms/${formId}/records`;
      let writes = 0;
      const values = () => Object.fromEntries(fields.filter((f) => f.active).map((f) => {
        const value = `zqv${n}x${f.id}w${++writes}`;
        f.values.push(value);
        return [f.names.at(-1)!, value];
      }));
      const recordId = (await post(api, { ...values() })).RecordId as number;
      const module = await t.app.db('permission_nodes').where({ Type: 'module', Name: `Form${formId}` }).first('NodeId');
      const roleId = await addRole(t.app, `Sequence clerk ${n}`);
      const children: Array<{ NodeId: number; Type: string }> = await t.app.db('permission_nodes').where({ ParentNodeId: module.NodeId }).select('NodeId', 'Type');
      await t.app.db('role_permissions').insert([
        { RoleId: roleId, NodeId: module.NodeId, HasAccess: true, ViewAllRecords: true },
        ...children.map((c) => ({ RoleId: roleId, NodeId: c.NodeId, HasAccess: true, ViewAllRecords: false })),
      ]);
      const userId = await addUser(t.app, { UserName: `seqclerk${n}`, Password: 'Clerk12345', RoleIds: [roleId] });
      const clerk = await signIn(t.app, `seqclerk${n}`, 'Clerk12345');
      const nodeOf = async (f: FieldModel) => (await t.app.db('permission_nodes').where({ ParentNodeId: module.NodeId, FormFieldId: f.id }).first('NodeId'))?.NodeId as number | undefined;

      for (const a of actions) {
        if (a.kind === 'write') {
          await post(`${api}/${recordId}`, values());
          continue;
        }
        const f = fields[a.field];
        const i = a.field;
        if (a.kind === 'rename' || a.kind === 'deactivate' || a.kind === 'reactivate') {
          if (a.kind === 'rename') f.names.push(`Zq${n}n${++names}`);
          else f.active = a.kind === 'reactivate';
          const { record } = await readForUpdate(t.app, admin, `/api/formfields/${f.id}`);
          await post(`/api/formfields/${f.id}`, { ...record, ...body(f, i) });
          continue;
        }
        const node = await nodeOf(f);
        if (node === undefined) continue; // a field that never showed has no node yet: nothing to grant
        if (a.kind === 'grant') {
          f.role = a.level;
          await t.app.db('role_permissions').where({ RoleId: roleId, NodeId: node }).delete();
          if (a.level !== 'hidden') await t.app.db('role_permissions').insert({ RoleId: roleId, NodeId: node, HasAccess: true, ViewAllRecords: false, ReadOnly: a.level === 'readOnly' });
        } else if (a.kind === 'override') {
          f.override = a.level;
          await t.app.db('user_permissions').where({ UserId: userId, NodeId: node }).delete();
          if (a.level) await t.app.db('user_permissions').insert({ UserId: userId, NodeId: node, OverrideHasAccess: true, HasAccess: a.level !== 'hidden', ReadOnly: a.level === 'readOnly' });
        }
      }

      // Every answer Clerk gets about the record.
      const answers = await Promise.all([`${api}?pageSize=100`, `${api}/${recordId}`, `${api}/${recordId}/history`, `${api}/export.csv`, `/api/metadata/screens/form-${formId}`]
        .map(async (url) => `${url} ${(await injectAs(t.app, clerk, { url })).body}`));
      const seen = answers.join('\n');
      for (const f of fields.filter((x) => effective(x) === 'hidden')) {
        for (const secret of [...f.names, ...f.values]) expect(seen, `hidden field ${f.id} after ${JSON.stringify(actions)}`).not.toContain(secret);
      }
      // The check can fail: a held, active field's latest value is in the read.
      const read = (await injectAs(t.app, clerk, { url: `${api}/${recordId}` })).json() as Record<string, unknown>;
      for (const f of fields.filter((x) => x.active && effective(x) !== 'hidden' && x.values.length)) {
        expect(read[f.names.at(-1)!], `held field ${f.id} after ${JSON.stringify(actions)}`).toBe(f.values.at(-1));
      }
      // A read-only field changed through the API is refused; left as it was, the write goes through.
      const readOnly = fields.find((x) => x.active && effective(x) === 'readOnly');
      if (readOnly) {
        const refused = await injectLocked(t.app, clerk, { method: 'POST', url: `${api}/${recordId}`, payload: { ...read, [readOnly.names.at(-1)!]: 'changed' } });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()[0]).toMatchObject({ PropertyName: readOnly.names.at(-1), ErrorCode: 'FieldAccess' });
        const kept = await injectLocked(t.app, clerk, { method: 'POST', url: `${api}/${recordId}`, payload: read });
        expect(kept.statusCode, kept.body).toBe(200);
      }
    }), { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), seed, endOnFailure: true });
  }, 600_000);
});
