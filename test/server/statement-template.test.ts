import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { statementTemplate } from '../../server/db/statement-template.ts';

describe.each(databases)('A statement built once fills in its named parameters on every run, on %s', (kind) => {
  const t = useTestApp(kind);

  it('puts each value where its parameter stands and keeps the values bound at build time', async () => {
    const sum = statementTemplate<'a' | 'label'>(t.app.db, 'template-test', (param) =>
      t.app.db.raw('select ?::int + ?::int as total, ?::text as label', [param('a'), 2, param('label')]));
    expect(await sum({ a: 1, label: 'first' })).toEqual([{ Total: 3, Label: 'first' }]);
    expect(await sum({ a: 40, label: 'second' })).toEqual([{ Total: 42, Label: 'second' }]);
  });
});
