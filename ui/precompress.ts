import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches; images and fonts in use are compressed formats already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;

/** Every compressible file under `dir`, recursively. */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && compressible.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `file.br` and `file.gz` beside each text file under `dir`, at the highest levels (paid once at build
 * time, not per request), where smaller than the file; the server sends the one the browser's Accept-Encoding
 * prefers (server/plugins/static-ui.ts).
 */
export async function precompressDirectory(dir: string): Promise<void> {
  const files = await textFiles(dir);
  await Promise.all(files.map(async (file) => {
    const raw = await readFile(file);
    const variants: Array<[string, Buffer]> = [
      ['.br', await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
      ['.gz', await gzipped(raw, { level: 9 })],
    ];
    for (const [extension, bytes] of variants) if (bytes.length < raw.length) await writeFile(file + extension, bytes);
  }));
}

/** The build's step that precompresses dist/ui once Vite has written it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'metadmin-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressDirectory(outDir),
  };
}
