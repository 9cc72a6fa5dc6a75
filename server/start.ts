import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds the UI when dist/ui is missing or older than its sources, then starts the server
 * (which runs the migrations). A fresh clone therefore needs nothing but `npm install && npm start`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/ui/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function uiIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return ['ui', 'engine', 'metadata'].some((dir) => newestMtime(path.join(root, dir)) > built);
}

if (process.env.SKIP_UI_BUILD !== '1' && uiIsStale()) {
  console.log('Building the UI (this happens once, and again after its sources change)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'ui/vite.config.ts'), logLevel: 'warn' });
}
await import('./main.ts');
