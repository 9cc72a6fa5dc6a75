import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * A package index that re-exports all its parts (MUI, its icons, date-fns): each part is one of its static imports,
 * used or not. A walk of what a file needs goes from the file through such an index only into the parts the file
 * names in its import.
 */
const barrels = [
  { pkg: '@mui/material', index: /[\\/]node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?index\.m?js$/, part: (name: string) => `/@mui/material/${name}/index.` },
  { pkg: '@mui/icons-material', index: /[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/](esm[\\/])?index\.m?js$/, part: (name: string) => `/@mui/icons-material/${name}.` },
  { pkg: 'date-fns', index: /[\\/]node_modules[\\/]date-fns[\\/]index\.m?js$/, part: (name: string) => `/date-fns/${name}.` },
];

/** The names a file imports from a package (`import { A, B as C, type D } from 'pkg'`), types left out. */
function namesImported(code: string, pkg: string): string[] {
  const names: string[] = [];
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace(/[/.]/g, '\\$&')}['"]`, 'g');
  for (const match of code.matchAll(statement)) {
    for (const spec of match[1].split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0].trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** The modules a module needs at once: its static imports, an index replaced by the parts named from it. */
function staticNeeds(ctx: ChunkingContext, id: string): string[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  return info.importedIds.flatMap((imported) => {
    const barrel = barrels.find((b) => b.index.test(imported));
    if (!barrel) return [imported];
    const parts = ctx.getModuleInfo(imported)?.importedIds ?? [];
    return namesImported(info.code ?? '', barrel.pkg)
      .map((name) => parts.find((p) => p.replace(/\\/g, '/').includes(barrel.part(name))))
      .filter((p): p is string => Boolean(p));
  });
}

function closure(ctx: ChunkingContext, entry: string, outside: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || outside.has(id)) continue;
    seen.add(id);
    queue.push(...staticNeeds(ctx, id));
  }
  return seen;
}

/**
 * Chunk groups for the screens people arrive at: everything the application needs at once (the first screen: /login and
 * the public pages) in one chunk, and everything the signed-in shell needs beyond it in another. Left to itself the
 * bundler cuts what these share with the lazy screens into dozens of small chunks, each a request a phone makes before
 * the first paint; every other screen keeps its own chunk. What the page's boot script (`boot`) imports is a third,
 * small chunk: it runs before either of them has arrived.
 */
export function firstScreenGroups(boot: string, app: string, shell: string) {
  let groups: Map<string, string> | null = null;
  const groupsOf = (ctx: ChunkingContext) => {
    const booted = closure(ctx, boot);
    const first = closure(ctx, app, booted);
    const map = new Map<string, string>();
    for (const id of closure(ctx, shell, new Set([...first, ...booted]))) map.set(id, 'shell');
    for (const id of first) map.set(id, 'first-screen');
    for (const id of booted) map.set(id, 'boot');
    return map;
  };
  return {
    name: (id: string, ctx: ChunkingContext) => {
      groups ??= groupsOf(ctx);
      return groups.get(id) ?? null;
    },
  };
}

/**
 * The page asks for the first screen's chunk as it is parsed (a modulepreload link), not once the boot script has run
 * and imported it: that would be one more round trip before anything can be drawn.
 */
export function preloadFirstScreen(): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk' && /^assets\/(first-screen|rolldown-runtime)-/.test(c.fileName));
        return files.map((c) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) at the top of the entry and of the chunks
 * whose code nearly all runs on the way to a first screen: V8 compiles their functions on its streaming thread while
 * they download, instead of on the main thread the first time each is called (on a phone, a long task either way).
 */
export function compileEagerly(chunks: RegExp): Plugin {
  return {
    name: 'compile-eagerly',
    apply: 'build',
    enforce: 'post',
    // After Vite's own last touch to the chunks (its preload helper's list goes at their top).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !(chunk.isEntry || chunks.test(chunk.fileName))) continue;
          chunk.code = `${compileHint}\n${chunk.code}`;
          // One line more at the top: the source map's lines move down by one (in the map written beside, if any).
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const written = bundle[`${chunk.fileName}.map`];
          if (written?.type === 'asset') {
            const map = JSON.parse(String(written.source)) as { mappings: string };
            written.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
