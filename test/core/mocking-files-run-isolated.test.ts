import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockingFiles } from '../mocking-files.ts';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('node test files that mock modules', () => {
  it('are the ones run isolated (a mock in a worker that already imported the module would silently not take)', () => {
    const mocking = ['test/core', 'test/metadata', 'test/server'].flatMap(testFiles)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')) && file !== 'test/core/mocking-files-run-isolated.test.ts');
    expect(mocking.sort()).toEqual([...mockingFiles].sort());
  });
});
