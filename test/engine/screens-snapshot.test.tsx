import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ListScreen } from '../../engine/react/ListScreen.tsx';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { ListDataSource } from '../../engine/react/grid/types.ts';

const dir = path.resolve('metadata/screens');
// Screens with a list; a single-record screen (Your Account) and a form shown inside another screen
// (clientsettings) have no list of their own.
const documents = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
  .map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ScreenDocument] as const)
  .filter(([, screen]) => screen.routes.list && screen.list);

/** One row whose every column holds a value named after the column, so the snapshot shows each cell. */
function oneRow(screen: ScreenDocument): ListDataSource {
  const row: Record<string, unknown> = { [screen.idField]: 1, IsActive: true };
  for (const c of screen.list?.columns ?? []) row[c.field] = c.format === 'yesNo' || c.format === 'activeInactive' ? true : `${c.field} value`;
  return async () => ({ Items: [row], TotalCount: 1, CircleAccess: [] });
}

describe('every screen document renders', () => {
  it('has screen documents to render', () => expect(documents.length).toBeGreaterThan(0));

  it.each(documents)('%s', async (_file, screen) => {
    const { container, getAllByRole } = render(
      <MemoryRouter initialEntries={[screen.routes.list!]}>
        <ListScreen screen={screen} dataSource={oneRow(screen)} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(getAllByRole('row')).toHaveLength(2));
    expect(container.innerHTML.replace(/\b(css|mui)-[a-z0-9]+/g, '$1-x').replace(/:r[0-9a-z]+:|_r_[0-9a-z]+_/g, 'id')).toMatchSnapshot();
  });
});
