import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module a file imports at run time (type-only imports are erased), followed through relative paths. */
function runtimeImports(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, what] of source.matchAll(/^import\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      if (what.startsWith('.')) visit(path.resolve(path.dirname(file), what));
      else packages.add(what);
    }
  };
  visit(path.resolve(entry));
  return { files: [...files].map((f) => path.relative(process.cwd(), f)), packages: [...packages] };
}

describe('the widget rules the server shares with the browser', () => {
  const { files, packages } = runtimeImports('engine/widgets/rule-walk.ts');

  it('load no React, MUI or RJSF, so the server can run them', () => {
    expect(files.filter((f) => f.endsWith('.tsx'))).toEqual([]);
    expect(packages.filter((p) => /^(react|react-dom|@mui|@rjsf|@emotion)(\/|$)/.test(p))).toEqual([]);
  });

  it('reach every control rule (the walk is not cut short)', () => {
    expect(files).toContain('engine/widgets/address/logic.ts');
    expect(files).toContain('engine/widgets/phone-list/logic.ts');
  });
});
