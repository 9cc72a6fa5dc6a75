import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { injectAs, type SignedIn } from './helper.ts';
import { readForUpdate } from './record-lock-fixtures.ts';
import type { FieldModel, Model } from './field-access-sequence-model.ts';

/** One clerk of the property: the first has overrides of its own, the second owns a record. */
export interface Clerk { userId: number; overrides: boolean; session: SignedIn }

/** One sequence's form, role, clerks and records, and the latest value each writer's record holds per field id. */
export interface World {
  n: number;
  formId: number;
  moduleNodeId: number;
  roleId: number;
  model: Model;
  admin: SignedIn;
  clerk1: Clerk;
  clerk2: Clerk;
  adminRecord: number;
  clerkRecord: number;
  names: number;
  writes: number;
  latest: Record<'admin' | 'clerk2', Map<number, string>>;
}

/** An id no record has (the check compares a record's answers with this one's). */
const noSuchId = 987654321;
const lockHeader = /^recordlock/;

interface Answer { status: number; body: string; headers: Record<string, unknown> }
const said = (url: string, a: Answer) => `${url} ${a.status} ${a.body} ${JSON.stringify(Object.fromEntries(Object.entries(a.headers).filter(([h]) => lockHeader.test(h))))}`;

async function ask(app: FastifyInstance, who: SignedIn, url: string, method: 'GET' | 'POST' = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const res = await injectAs(app, who, { method, url, headers, ...(method === 'POST' ? { payload: { fileType: 'print' } } : {}) });
  const lockId = res.headers.recordlockid;
  if (lockId && url.includes('lock=true')) await injectAs(app, who, { method: 'DELETE', url: `/api/record-locks/${String(lockId)}` });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** A print's answer, with the printed PDF's text when there is one. */
async function printed(app: FastifyInstance, who: SignedIn, url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await ask(app, who, url, 'POST', headers);
  if (res.status !== 200) return said(url, res);
  const pdf = await injectAs(app, who, { url: `/api/print/download?fileName=${encodeURIComponent(JSON.parse(res.body).FileName)}` });
  return `${url} ${(await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text}`;
}

/**
 * Every answer the clerk gets about the form and its two records (and the administrator viewing as the clerk gets),
 * while the administrator holds the lock of their own record.
 */
export async function clerkAnswers(app: FastifyInstance, world: World, clerk: Clerk): Promise<string[]> {
  const api = `/api/forms/${world.formId}/records`;
  const held = await readForUpdate(app, world.admin, `${api}/${world.adminRecord}`);
  try {
    const urls = [
      `${api}?pageSize=100`, `${api}/export.csv`, `/api/metadata/screens/form-${world.formId}`,
      ...[world.adminRecord, world.clerkRecord].flatMap((id) => [`${api}/${id}`, `${api}/${id}/history`, `${api}/${id}?lock=true`]),
      `/api/record-locks/held/form-${world.formId}?ids=${world.adminRecord},${world.clerkRecord}`,
      `/api/Authorize/Explain?userId=${clerk.userId}&moduleName=Form${world.formId}`,
    ];
    const answers = await Promise.all(urls.map(async (url) => said(url, await ask(app, clerk.session, url))));
    for (const id of [world.adminRecord, world.clerkRecord]) answers.push(await printed(app, clerk.session, `${api}/${id}/print`));
    // The administrator viewing as the clerk reads what the clerk reads.
    const viewAs = { 'x-view-as': String(clerk.userId) };
    for (const url of [`${api}?pageSize=100`, `${api}/export.csv`, `/api/metadata/screens/form-${world.formId}`, `${api}/${world.adminRecord}`, `${api}/${world.clerkRecord}/history`]) {
      answers.push(said(`view as: ${url}`, await ask(app, world.admin, url, 'GET', viewAs)));
    }
    answers.push(await printed(app, world.admin, `${api}/${world.clerkRecord}/print`, viewAs));
    return answers;
  } finally {
    if (held.headers.recordlockid) await injectAs(app, world.admin, { method: 'DELETE', url: `/api/record-locks/${held.headers.recordlockid}` });
  }
}

/** Two answers alike but for the word each asked about (an id, a name, a value): nothing tells one from the other. */
function expectAlike(a: Answer, aWord: string, b: Answer, bWord: string, what: string): void {
  // The same bodies are alike as they are (replacing an id would also replace its digits elsewhere, as in a form's name).
  const plain = (x: Answer, word: string) => ({
    status: x.status,
    body: a.body === b.body ? x.body : x.body.split(word).join('<asked>'),
    lockHeaders: Object.keys(x.headers).filter((h) => lockHeader.test(h) && h !== 'recordversion').sort(),
  });
  expect(plain(a, aWord), what).toEqual(plain(b, bWord));
}

/**
 * A record the clerk may not read answers, on every record route and the lock routes, as one that does not exist (the
 * administrator holds its lock meanwhile); a withheld field's name as a sort or a column, and its value as a search,
 * answer as a name or value that no field has.
 */
export async function looksAbsent(app: FastifyInstance, world: World, clerk: Clerk, withheld: FieldModel[], why: (what: string) => string): Promise<void> {
  const { model } = world;
  const api = `/api/forms/${world.formId}/records`;
  const unreadable = [
    ...(!model.roleActive || !model.viewAll ? [world.adminRecord] : []),
    ...(!model.roleActive || (!model.viewAll && clerk.overrides) ? [world.clerkRecord] : []),
  ];
  const held = await readForUpdate(app, world.admin, `${api}/${world.adminRecord}`);
  try {
    for (const id of unreadable) {
      for (const route of ['', '/history', '?lock=true']) {
        expectAlike(await ask(app, clerk.session, `${api}/${id}${route}`), String(id), await ask(app, clerk.session, `${api}/${noSuchId}${route}`), String(noSuchId), why(`record ${id}${route}`));
      }
      expectAlike(await ask(app, clerk.session, `${api}/${id}/print`, 'POST'), String(id), await ask(app, clerk.session, `${api}/${noSuchId}/print`, 'POST'), String(noSuchId), why(`print of record ${id}`));
      const heldIds = (ids: number) => ask(app, clerk.session, `/api/record-locks/held/form-${world.formId}?ids=${ids}`);
      expectAlike(await heldIds(id), String(id), await heldIds(noSuchId), String(noSuchId), why(`held lock of record ${id}`));
    }
  } finally {
    if (held.headers.recordlockid) await injectAs(app, world.admin, { method: 'DELETE', url: `/api/record-locks/${held.headers.recordlockid}` });
  }
  const nobody = `Zq${world.n}nobodyq`;
  for (const f of withheld.filter((x) => !x.deleted)) {
    const name = f.names.at(-1)!;
    for (const query of [(w: string) => `sorts=${w},asc`, (w: string) => `cols=${w}`]) {
      expectAlike(await ask(app, clerk.session, `${api}?${query(name)}`), name, await ask(app, clerk.session, `${api}?${query(nobody)}`), nobody, why(`${query(name)}`));
    }
    for (const value of f.values.slice(-1)) {
      expectAlike(await ask(app, clerk.session, `${api}?q=${value}`), value, await ask(app, clerk.session, `${api}?q=zqnovaluez`), 'zqnovaluez', why(`search for ${value}`));
    }
  }
}
