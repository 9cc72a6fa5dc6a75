import { concurrently, latency, type Latency } from './stats.ts';

/** Sign-ins through the API from `clients` at once, `perClient` each; every one must succeed. */
export async function signInLatency(baseUrl: string, userName: string, password: string, clients: number, perClient: number): Promise<Latency> {
  const samples = await concurrently(clients, perClient, async () => {
    const res = await fetch(`${baseUrl}/api/Authenticate/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: userName, Password: password }) });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });
  return latency(samples);
}
