import type { FastifyInstance } from 'fastify';
import { slugOf } from '../../engine/core/lowcode/compose-form.ts';
import { adminPassword } from './harness.ts';

export interface Api {
  get<T = unknown>(url: string): Promise<T>;
  /** With `status`, any other answer fails the test; without it, any answer of 300 or more does. */
  post<T = Record<string, unknown>>(url: string, payload: object, status?: number): Promise<T>;
  /** An update of a record as the browser's form makes it: read for update (its lock and version), written, the lock released. */
  update<T = Record<string, unknown>>(url: string, payload: object): Promise<T>;
}

/**
 * The API as the master administrator (or another user), in-process. Sign in here before the browser does: the
 * browser's own sign-in then replaces this session.
 */
export async function adminApi(app: FastifyInstance, UserName = 'admin', Password = adminPassword): Promise<Api> {
  const signedIn = await app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName, Password } });
  const headers = { authorization: `Bearer ${String(signedIn.headers['x-auth-token'])}`, 'session-id': signedIn.json().Session.SessionId as string };
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, status?: number, extra: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, payload, headers: { ...headers, ...extra } });
    if (status === undefined ? res.statusCode >= 300 : res.statusCode !== status) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.body ? res.json() : undefined;
  };
  const update = async (url: string, payload: object) => {
    const read = await app.inject({ method: 'GET', url: `${url}?lock=true`, headers });
    const lock = { recordlockid: String(read.headers.recordlockid), recordversion: String(read.headers.recordversion) };
    try {
      return await call('POST', url, payload, 200, lock);
    } finally {
      await call('DELETE', `/api/record-locks/${lock.recordlockid}`);
    }
  };
  return { get: (url) => call('GET', url), post: (url, payload, status) => call('POST', url, payload, status), update };
}

export interface SeededForm {
  FormId: number;
  LookupTableId: number;
  LookupItemId: number;
  RecordId: number;
  FieldIds: number[];
  /** The list route of the built form, e.g. /work-order. */
  listUrl: string;
}

/**
 * A built form with a text, a select, a date, a currency and a yes/no field, the select's lookup list, and one record.
 */
export async function seedBuiltForm(api: Api, name: string): Promise<SeededForm> {
  const list = await api.post<{ SimpleLookupTableId: number }>('/api/lookup-tables', { SystemName: 'Priority', DisplayName: 'Priority', Description: null, IsActive: true, IsEditable: true });
  const item = await api.post<{ Id: number }>(`/api/simple-lookups/${list.SimpleLookupTableId}/items`, { Name: 'Urgent', Description: null, IsActive: true });
  await api.post(`/api/simple-lookups/${list.SimpleLookupTableId}/items`, { Name: 'Routine', Description: null, IsActive: true });
  const { FormId } = await api.post<{ FormId: number }>('/api/forms', { Name: name, Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
  const field = (Name: string, FieldType: string, AttributeValues: object = {}) =>
    api.post('/api/formfields', { FormId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues });
  const fields = [
    await field('Subject', 'text', { required: true }),
    await field('Priority', 'selectOne', { lookupListId: list.SimpleLookupTableId }),
    await field('Due Date', 'date'),
    await field('Budget', 'currency'),
    await field('Approved', 'yesNo'),
  ];
  const record = await api.post<{ RecordId: number }>(`/api/forms/${FormId}/records`, { Subject: 'Fix the boiler', Priority: item.Id, DueDate: '2026-05-01', Budget: 1234.5, Approved: true });
  return { FormId, LookupTableId: list.SimpleLookupTableId, LookupItemId: item.Id, RecordId: record.RecordId, FieldIds: fields.map((f) => f.FormFieldId as number), listUrl: `/${slugOf(name)}` };
}
