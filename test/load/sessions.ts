import { loadAdminPassword } from './server-process.ts';
import { requestTimeoutMs } from './client.ts';

interface Server { base: string }
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in through a process; answers the headers later calls send. */
export async function signIn(server: Server, UserName: string, Password: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.base}/api/Authenticate/SignIn`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName, Password }), signal: AbortSignal.timeout(requestTimeoutMs),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${UserName} failed: ${res.status} ${await res.text()}`);
  const body = await res.json() as { Session: { SessionId: string } };
  return { authorization: `Bearer ${res.headers.get('x-auth-token')}`, 'session-id': body.Session.SessionId };
}

/**
 * An administrator ends a user's session through `ender`; how long after that answer the user's next requests
 * through `other` are refused as terminated (-1: not within 5 s, or the session was not live before).
 */
export async function sessionTerminationMs(ender: Server, other: Server, password: string): Promise<number> {
  const admin = await signIn(ender, 'admin', loadAdminPassword);
  const victim = await signIn(other, 'victim', password);
  const routes = () => fetch(`${other.base}/api/App/GetRoutes`, { headers: victim, signal: AbortSignal.timeout(requestTimeoutMs) });
  if ((await routes()).status !== 200) return -1;
  const ended = await fetch(`${ender.base}/api/Session/Terminate`, {
    method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ Session: { SessionId: victim['session-id'] } }), signal: AbortSignal.timeout(requestTimeoutMs),
  });
  if (ended.status !== 204) return -1;
  const at = Date.now();
  while (Date.now() - at < 5000) {
    const res = await routes();
    const body = res.status === 401 ? await res.json() as Array<{ ErrorCode?: string }> : [];
    if (body[0]?.ErrorCode === 'SessionTerminated') return Date.now() - at;
    await pause(50);
  }
  return -1;
}
