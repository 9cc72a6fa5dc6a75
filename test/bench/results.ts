import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Writes a benchmark's figures to test/bench/results/<name>.json, with when and on what they were taken (the load
 * average says how busy the machine was: its figures are only comparable on a like machine).
 */
export function writeResults(name: string, figures: Record<string, unknown>): string {
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${name}.json`, dir);
  const taken = { at: new Date().toISOString(), cores: os.availableParallelism(), loadAverage: os.loadavg() };
  writeFileSync(file, `${JSON.stringify({ ...figures, taken }, null, 2)}\n`);
  return file.pathname;
}
