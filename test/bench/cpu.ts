import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per ms for /proc times (USER_HZ, 100 a second on every common build). */
const ticksPerMs = 100 / 1000;

/** A process's parent and the CPU it used (ms), itself and its reaped children, from /proc; undefined once it ended. */
function processStat(pid: number | string): { parent: number; ownMs: number; childrenMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's parenthesised name: state, ppid, ... utime (14), stime, cutime, cstime (17).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return { parent: fields[1], ownMs: (fields[11] + fields[12]) / ticksPerMs, childrenMs: (fields[13] + fields[14]) / ticksPerMs };
  } catch {
    return undefined;
  }
}

/** CPU time (user and system) a process has used so far, in ms; 0 where /proc cannot tell. */
export function processCpuMs(pid: number): number {
  return processStat(pid)?.ownMs ?? 0;
}

/** The process ids /proc lists, or none where there is no /proc. */
function processIds(): string[] {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/** CPU time used so far by every PostgreSQL process on this machine (server, backends, background workers). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const ms of postgresCpuByPid().values()) total += ms;
  return total;
}

/**
 * The CPU (ms) used so far by each PostgreSQL process, or only by the backends serving `database` (their title,
 * which /proc/<pid>/cmdline shows, reads "postgres: <cluster>: <user> <database> <host(port)> <state>").
 */
function postgresCpuByPid(database?: string): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of processIds()) {
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (database && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').split(/\s+/).includes(database)) continue;
      const stat = processStat(entry);
      if (stat) cpu.set(Number(entry), stat.ownMs);
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/**
 * The CPU PostgreSQL spent between two readings, process by process. A total of all processes at each end is not
 * this: a backend that ends in between (a pool closing an idle connection, another client's session on the same
 * cluster) takes all the CPU it ever used out of the second total, which once made the figure negative. Here a
 * process that ended counts for nothing (an ending connection was idle, its CPU in between about zero), and one
 * that started in between counts whole. Read for the benchmark's `database` only, the work of other clients of
 * the cluster (other test suites on this machine) is left out too.
 */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - Math.min(ms, before.get(pid) ?? 0);
  return total;
}

const ownCpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };

export interface CpuPerCall { server: number; postgres: number; client: number; total: number }

/**
 * Runs `work` and divides the CPU each party used by `calls`: the server process (if any), PostgreSQL (the backends
 * serving `database`, or all of its processes if none is named), and this process.
 */
export async function cpuPerCall(calls: number, serverPid: number | undefined, work: () => Promise<unknown>, database?: string): Promise<CpuPerCall> {
  const before = { server: serverPid ? processCpuMs(serverPid) : 0, postgres: postgresCpuByPid(database), client: ownCpuMs() };
  await work();
  const server = ((serverPid ? processCpuMs(serverPid) : 0) - before.server) / calls;
  const postgres = postgresCpuBetween(before.postgres, postgresCpuByPid(database)) / calls;
  const client = (ownCpuMs() - before.client) / calls;
  return { server, postgres, client, total: server + postgres + client };
}

/**
 * CPU time (ms) used so far by the processes that are not this one or its descendants (a browser it started),
 * their reaped children included: work another process did meanwhile. Undefined where there is no /proc.
 */
export function othersCpuMs(): number | undefined {
  const stats = new Map(processIds().map((pid) => [Number(pid), processStat(pid)]));
  if (!stats.size) return undefined;
  const ours = (pid: number): boolean => pid === process.pid || (pid > 1 && ours(stats.get(pid)?.parent ?? 0));
  let total = 0;
  for (const [pid, stat] of stats) if (stat && !ours(pid)) total += stat.ownMs + stat.childrenMs;
  return total;
}

/** Busy and total CPU time of the whole machine so far (ticks), or undefined where there is no /proc. */
export function machineCpuTicks(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // All but idle and iowait.
    return { busy: total - fields[3] - (fields[4] ?? 0), total };
  } catch {
    return undefined;
  }
}
