import type { Recorder } from './client.ts';

export interface Target { name: string; base: string }

/** The role body the generic CRUD takes (roles are the records the simulated users create and edit). */
export const roleBody = (Name: string, Description: string) => ({
  Name, Description, UserCountLimit: 0, MaxNumberOfConcurrentUsers: 0, IsActive: true, IsAvailSelfReg: false, Permissions: [],
});

/**
 * What the users were told was written: every acknowledged create (by its unique marker name), and per role the
 * description of its last acknowledged update, with the attempts after it whose answer never came (they may have
 * committed: a write cut by the outage is neither acknowledged nor lost).
 */
export class Ledger {
  readonly created = new Map<number, string>();
  readonly attemptedNames = new Set<string>();
  readonly descriptions = new Map<number, { acknowledged: string; unanswered: Set<string> }>();
  acknowledgedUpdates = 0;

  attemptUpdate(roleId: number, description: string): void {
    this.descriptions.get(roleId)!.unanswered.add(description);
  }

  acknowledgeUpdate(roleId: number, description: string): void {
    this.descriptions.set(roleId, { acknowledged: description, unanswered: new Set() });
    this.acknowledgedUpdates++;
  }
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One simulated person: signs in, then until the deadline lists roles, creates roles, edits their own roles as the
 * browser's form does (read for update with ?lock=true, the write with the lock and the version, the lock released)
 * and now and then signs in again; each call to either server process at random, with a pause between calls, until
 * running() says stop.
 */
export async function simulateUser(userName: string, password: string, servers: Target[], recorder: Recorder, ledger: Ledger, runId: string, phase: number, running: () => boolean): Promise<void> {
  let headers: Record<string, string> | null = null;
  const mine: number[] = [];
  let n = 0;
  const signIn = async () => {
    const res = await recorder.send(pick(servers), 'sign-in', 'POST', '/api/Authenticate/SignIn', 200, { json: { UserName: userName, Password: password } });
    const session = res && (res.body as { Session?: { SessionId?: string } }).Session;
    headers = res && session?.SessionId
      ? { authorization: `Bearer ${res.headers.get('x-auth-token')}`, 'session-id': session.SessionId, 'x-window-id': `load-${userName}` }
      : null;
    // A failed sign-in (counted already) is tried again after a while, as a person would, not at once.
    if (!headers) await pause(3000 + Math.random() * 3000);
  };
  const create = async () => {
    // Unique across phases too: each phase's people count their creates from 1 again.
    const name = `L${runId}-${phase}-${userName}-${++n}`;
    ledger.attemptedNames.add(name);
    const description = `created ${n}`;
    const res = await recorder.send(pick(servers), 'create', 'POST', '/api/roles', 201, { headers: headers!, json: roleBody(name, description) });
    const id = (res?.body as { RoleId?: number } | undefined)?.RoleId;
    if (!id) return;
    ledger.created.set(id, name);
    ledger.descriptions.set(id, { acknowledged: description, unanswered: new Set() });
    mine.push(id);
  };
  const edit = async () => {
    const id = pick(mine);
    const read = await recorder.send(pick(servers), 'read for update', 'GET', `/api/roles/${id}?lock=true`, 200, { headers: headers! });
    const lockId = read?.headers.get('recordlockid');
    const version = read?.headers.get('recordversion');
    if (!read || !lockId || !version) return;
    const description = `edited ${++n}`;
    ledger.attemptUpdate(id, description);
    const written = await recorder.send(pick(servers), 'locked write', 'POST', `/api/roles/${id}`, 200, {
      headers: { ...headers!, recordlockid: lockId, recordversion: version }, json: roleBody(ledger.created.get(id)!, description),
    });
    if (written) ledger.acknowledgeUpdate(id, description);
    await recorder.send(pick(servers), 'release lock', 'DELETE', `/api/record-locks/${lockId}`, 204, { headers: headers! });
  };
  // People arrive over the first ten seconds, not in the same instant (each sign-in is a deliberately slow hash).
  await pause(Math.random() * 10_000);
  while (running()) {
    const roll = Math.random();
    if (!headers || roll < 0.02) await signIn();
    else if (roll < 0.35) await recorder.send(pick(servers), 'list', 'GET', '/api/roles?page=1&pageSize=20', 200, { headers });
    else if (roll < 0.45) await recorder.send(pick(servers), 'current user', 'GET', '/api/Authenticate/Current', 200, { headers });
    else if (roll < 0.65 || mine.length === 0) await create();
    else await edit();
    // A person's pace (a second between actions, give or take): 50 people make about 50 calls a second.
    await pause(500 + Math.random() * 1000);
  }
}
