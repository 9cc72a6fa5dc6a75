import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every common build). */
const ticksPerMs = 100 / 1000;

/** CPU time (user and system) a process has used so far, in ms; 0 where /proc cannot tell. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
  } catch {
    return 0;
  }
}

/** CPU time used so far by every PostgreSQL process on this machine (server, backends, background workers). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

const ownCpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };

export interface CpuPerCall { server: number; postgres: number; client: number; total: number }

/** Runs `work` and divides the CPU each party used by `calls`: the server process (if any), PostgreSQL, and this process. */
export async function cpuPerCall(calls: number, serverPid: number | undefined, work: () => Promise<unknown>): Promise<CpuPerCall> {
  const before = { server: serverPid ? processCpuMs(serverPid) : 0, postgres: postgresCpuMs(), client: ownCpuMs() };
  await work();
  const server = ((serverPid ? processCpuMs(serverPid) : 0) - before.server) / calls;
  const postgres = (postgresCpuMs() - before.postgres) / calls;
  const client = (ownCpuMs() - before.client) / calls;
  return { server, postgres, client, total: server + postgres + client };
}
