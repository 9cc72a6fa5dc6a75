import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListManager } from '../../engine/widgets/list-manager/ListManager.tsx';
import { memoryService } from '../../stories/widgets/support/memory-list-service.ts';

const items = ['A', 'B', 'C', 'D'].map((Name, i) => ({ Id: i + 1, Name, SortOrder: i + 1 }));
const names = () => within(screen.getByRole('list', { name: 'Titles items' })).getAllByRole('listitem').map((li) => li.textContent).filter((t) => /^[A-Z]$|^New$|^B2$/.test(t ?? ''));

describe('ListManager', () => {
  it('reorders by choosing an item and dropping it at a target, from the keyboard', async () => {
    const user = userEvent.setup();
    const service = memoryService(items);
    const reorder = vi.spyOn(service, 'reorder');
    render(<ListManager title="Titles" items={items} service={service} />);
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    screen.getByRole('button', { name: 'Choose D' }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Move D after A' }));
    // Moving up: the target position 1 plus 1.
    expect(reorder).toHaveBeenCalledWith({ Id: 4, Name: 'D', SortOrder: 2 });
    await waitFor(() => expect(names()).toEqual(['A', 'D', 'B', 'C']));
    expect(screen.getByRole('button', { name: 'Reorder' })).toBeTruthy(); // back in LIST
  });

  it('cancel returns to LIST', async () => {
    const user = userEvent.setup();
    render(<ListManager title="Titles" items={items} service={memoryService(items)} />);
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Reorder' }));
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('a new item gets max SortOrder + 1', async () => {
    const user = userEvent.setup();
    const service = memoryService(items);
    const create = vi.spyOn(service, 'create');
    render(<ListManager title="Titles" items={items} service={service} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'New{Enter}');
    expect(create).toHaveBeenCalledWith({ Id: 0, Name: 'New', SortOrder: 5 });
    await waitFor(() => expect(names()).toEqual(['A', 'B', 'C', 'D', 'New']));
  });

  it('updates, copies and deletes', async () => {
    const user = userEvent.setup();
    const service = memoryService(items);
    const create = vi.spyOn(service, 'create');
    render(<ListManager title="Titles" items={items} service={service} />);
    await user.click(screen.getByRole('button', { name: 'Copy B' }));
    await user.clear(screen.getByRole('textbox', { name: /Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'B2{Enter}');
    expect(create).toHaveBeenCalledWith({ Id: 0, Name: 'B2', SortOrder: 5 });
    await user.click(await screen.findByRole('button', { name: 'Delete A' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['B', 'C', 'D', 'B2']));
  });

  it("a failed reorder raises the 'Reorder' notice", async () => {
    const user = userEvent.setup();
    const notify = vi.fn();
    render(<ListManager title="Titles" items={items} service={memoryService(items, true)} notify={notify} />);
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    await user.click(screen.getByRole('button', { name: 'Choose A' }));
    await user.click(screen.getByRole('button', { name: 'Move A after C' }));
    expect(await screen.findByText('Reorder failed.')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('Reorder', expect.any(Error));
  });
});
