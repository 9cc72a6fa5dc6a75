import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MenuPanel } from '../../../ui/shell/menu/MenuPanel.tsx';
import { back, drillDown, type MenuNode } from '../../../ui/shell/menu/logic.ts';

const type = { url: { Id: 1, Name: 'URL Link' }, module: { Id: 2, Name: 'Module Link' }, group: { Id: 3, Name: 'Group' }, separator: { Id: 4, Name: 'Separator' } };
const node = (LinkText: string, more: Partial<MenuNode> = {}): MenuNode => ({
  MenuItemId: 1, LinkText, URL: null, Target: null, HasAccess: true, IsAlwaysVisible: false, MenuItemType: type.module, Children: [], ...more,
});

const tree: MenuNode[] = [
  node('Users', { URL: '/user' }),
  node('Roles', { URL: '/role', HasAccess: false }),
  node('Sessions', { URL: '/session/list', HasAccess: false, IsAlwaysVisible: true }),
  node('Separator', { MenuItemType: type.separator }),
  node('Business', {
    MenuItemType: type.group,
    Children: [node('Operations', {
      MenuItemType: type.group,
      Children: [node('Daily Users', { URL: '/user' }), node('Handbook', { MenuItemType: type.url, URL: 'https://example.org/handbook', Target: '_blank' })],
    })],
  }),
];

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname}{search}</p>;
}

function renderMenu(openExternal = vi.fn(), onPinnedChange = vi.fn()) {
  function Harness() {
    const [path, setPath] = useState<number[]>([]);
    return (
      <MenuPanel tree={tree} path={path} pinned onDrill={(i) => setPath((p) => drillDown(tree, p, i))} onBack={() => setPath(back)}
        onMainMenu={() => setPath([])} onPinnedChange={onPinnedChange} onNavigate={() => {}} openExternal={openExternal} />
    );
  }
  render(
    <MemoryRouter initialEntries={['/somewhere']}>
      <Harness />
      <Routes><Route path="*" element={<Where />} /></Routes>
    </MemoryRouter>,
  );
  return { menu: screen.getByRole('navigation', { name: 'Main menu' }), openExternal, onPinnedChange };
}

describe('the main menu panel', () => {
  it('shows Home, items with access as links, items without it disabled unless always visible, and separators as dividers', () => {
    const { menu } = renderMenu();
    expect(within(menu).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home?refresh=true');
    expect(within(menu).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/user');
    expect(within(menu).getByRole('button', { name: 'Roles' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).queryByRole('link', { name: 'Roles' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Sessions' })).toBeTruthy();
    expect(within(menu).getAllByRole('separator').length).toBeGreaterThanOrEqual(2);
    expect(within(menu).queryByRole('button', { name: 'Main Menu' })).toBeNull();
  });

  it('drills down on click, offers Main Menu and Back, and navigates from the third tier', async () => {
    const { menu } = renderMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Business' }));
    expect(within(menu).getByRole('button', { name: 'Main Menu' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: /^Back/ })).toBeNull();
    await userEvent.click(within(menu).getByRole('button', { name: 'Operations' }));
    expect(within(menu).getByRole('button', { name: 'Back to Business' })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('button', { name: 'Back to Business' }));
    expect(within(menu).getByRole('button', { name: 'Operations' })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('button', { name: 'Operations' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Main Menu' }));
    expect(within(menu).getByRole('link', { name: 'Users' })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('button', { name: 'Business' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Operations' }));
    await userEvent.click(within(menu).getByRole('link', { name: 'Daily Users' }));
    expect(screen.getByTestId('where').textContent).toBe('/user');
  });

  it("asks 'This link will open in a new tab. Do you want to continue?' before opening a URL link, and not when cancelled", async () => {
    const { menu, openExternal } = renderMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Business' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Operations' }));
    await userEvent.click(within(menu).getByRole('link', { name: 'Handbook' }));
    expect(screen.getByText('This link will open in a new tab. Do you want to continue?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(openExternal).not.toHaveBeenCalled();
    // The page is hidden from assistive technology while the dialog fades out.
    await userEvent.click(await within(menu).findByRole('link', { name: 'Handbook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(openExternal).toHaveBeenCalledWith('https://example.org/handbook', true);
    expect(screen.getByTestId('where').textContent).toBe('/somewhere');
  });

  it('is keyboard navigable: arrows move between entries, Right drills into a group, Left goes back', async () => {
    const { menu } = renderMenu();
    within(menu).getByRole('link', { name: 'Home' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Users');
    // Disabled items are skipped.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Sessions');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Business');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(menu).getByRole('button', { name: 'Operations' })).toBeTruthy();
    expect(document.activeElement?.textContent).toContain('Operations');
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(menu).getByRole('button', { name: 'Business' })).toBeTruthy();
  });

  it('tells the pin toggle, pressed while the menu is locked open', async () => {
    const { menu, onPinnedChange } = renderMenu();
    const pin = within(menu).getByRole('button', { name: 'Keep the menu open' });
    expect(pin.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(pin);
    expect(onPinnedChange).toHaveBeenCalledWith(false);
  });
});
