/** Latency figures of a run, in milliseconds. */
export interface Latency { n: number; p50: number; p99: number; max: number }

export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

/** Runs `task` from `clients` concurrent loops, `perClient` times each, and returns each call's duration. */
export async function concurrently(clients: number, perClient: number, task: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = 0; i < perClient; i++) {
      const started = performance.now();
      await task();
      samples.push(performance.now() - started);
    }
  }));
  return samples;
}

export const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
