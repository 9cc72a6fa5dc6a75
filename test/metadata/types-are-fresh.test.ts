import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesDir } from '../../metadata/types-generator.ts';

describe('metadata/types', () => {
  it('matches what `npm run gen:types` makes of metadata/ (run it after changing a schema)', async () => {
    const expected = await generateTypes();
    for (const [file, text] of expected) {
      const onDisk = await readFile(path.join(typesDir, file), 'utf8').catch(() => '(missing)');
      expect(onDisk, `metadata/types/${file} is stale`).toBe(text);
    }
  });
});
