import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ListScreen } from '../../engine/react/ListScreen.tsx';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { ListDataSource } from '../../engine/react/grid/types.ts';
import menuItems from '../../metadata/screens/menuitems.json' with { type: 'json' };
import users from '../../metadata/screens/users.json' with { type: 'json' };

const empty: ListDataSource = async () => ({ Items: [], TotalCount: 0, CircleAccess: [] });

function renderList(doc: ScreenDocument, add?: { to: string; label: string }) {
  return render(
    <MemoryRouter initialEntries={[doc.routes.list!]}>
      <Routes>
        <Route path={doc.routes.list!} element={<ListScreen screen={doc} dataSource={empty} add={add} />} />
        <Route path="/menuItem/create/:id" element={<p>create a menu item</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a list's add button, placed as its screen document says", () => {
  it('floats for the menu items (addButton: floating): a labelled link to create, reached with Tab and opened with Enter', async () => {
    renderList(menuItems as unknown as ScreenDocument, { to: '/menuItem/create/0', label: 'Add Menu Item' });
    const add = await screen.findByRole('link', { name: 'Add Menu Item' });
    expect(add.getAttribute('href')).toBe('/menuItem/create/0');
    expect(add.className).toContain('MuiFab');
    // Not beside the title: the heading's row holds no add button.
    expect(within(screen.getByRole('heading', { name: 'Menu Items' }).parentElement!.parentElement!).queryByRole('link')).toBeNull();
    for (let i = 0; i < 40 && document.activeElement !== add; i++) await userEvent.tab();
    expect(document.activeElement).toBe(add);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('create a menu item')).toBeTruthy();
  });

  it('stands beside the title by default, and is absent for a user who may not create', async () => {
    const { unmount } = renderList(users as unknown as ScreenDocument, { to: '/user/create/0', label: 'Add User' });
    const add = await screen.findByRole('link', { name: 'Add User' });
    expect(add.className).not.toContain('MuiFab');
    expect(within(screen.getByRole('heading', { name: 'Users' }).parentElement!.parentElement!).getByRole('link', { name: 'Add User' })).toBe(add);
    unmount();
    renderList(menuItems as unknown as ScreenDocument);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Menu Items' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: /^Add/ })).toBeNull();
  });
});
