import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Stepper } from '../../engine/widgets/stepper/Stepper.tsx';
import type { StepperState } from '../../engine/widgets/stepper/logic.ts';
import { Timeline } from '../../engine/widgets/timeline/Timeline.tsx';
import { CardManager } from '../../engine/widgets/card-manager/CardManager.tsx';
import { createCardStore } from '../../engine/widgets/card-manager/store.ts';
import { Breadcrumbs } from '../../engine/widgets/breadcrumbs/Breadcrumbs.tsx';
import { createBreadcrumbStore } from '../../engine/widgets/breadcrumbs/store.ts';
import { Modal } from '../../engine/widgets/modal/Modal.tsx';
import { HelpTooltip } from '../../engine/widgets/tooltip/HelpTooltip.tsx';

const steps = ['Details', 'Address', 'Review'].map((title) => ({ title, content: <p>{`${title} content`}</p> }));

describe('Stepper', () => {
  it('completes, jumps back to an enabled step and asks before starting it over', async () => {
    const user = userEvent.setup();
    let state: StepperState | undefined;
    render(<Stepper steps={steps} onStateChange={(s) => { state = s; }} />);
    expect(screen.getByRole('region', { name: 'Details' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Review' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('region', { name: 'Address' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Details/ }));
    await user.click(screen.getByRole('tab', { name: /Details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to start this step over?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start Over' }));
    expect(state?.steps[0].completed).toBe(false);
  });

  it('Cancel keeps the step as it was', async () => {
    const user = userEvent.setup();
    let state: StepperState | undefined;
    render(<Stepper steps={steps} onStateChange={(s) => { state = s; }} />);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await user.click(screen.getByRole('tab', { name: /Details/ }));
    await user.click(screen.getByRole('tab', { name: /Details/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(state?.steps[0].completed).toBe(true);
  });

  it('calls the visit hooks and lets a listener block the change', async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const revisit = vi.fn();
    const hooked = [{ ...steps[0], onRevisit: revisit }, { ...steps[1], onFirstVisit: first }, steps[2]];
    const { unmount } = render(<Stepper steps={hooked} />);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(first).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('tab', { name: /Details/ }));
    expect(revisit).toHaveBeenCalledTimes(1);
    unmount();
    render(<Stepper steps={steps} canChange={() => false} />);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('region', { name: 'Details' })).toBeTruthy();
  });

  it('a double click on Complete advances one step only', async () => {
    const user = userEvent.setup();
    render(<Stepper steps={steps} />);
    await user.dblClick(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('region', { name: 'Address' })).toBeTruthy();
  });

  it('restart returns to the first step', async () => {
    const user = userEvent.setup();
    render(<Stepper steps={steps} />);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(screen.getByRole('region', { name: 'Details' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Address' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Timeline', () => {
  it('lists nodes by date with gap classes and a now node', () => {
    render(<Timeline label="History" now={new Date(2026, 4, 1)} nodes={[
      { Date: new Date(2026, 11, 1), Template: 'Later' },
      { Date: new Date(2026, 0, 1), Template: 'First' },
    ]} />);
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['01/01/2026First', 'Now', '12/01/2026Later']);
    expect(items.map((li) => li.className.split(' ').find((c) => c.startsWith('gap-')) ?? '')).toEqual(['', 'medium', 'large'].map((g) => (g ? `gap-${g}` : '')));
  });
});

describe('CardManager', () => {
  const cards = {
    details: { title: 'Details', component: () => <p>details body</p> },
    help: { title: 'Help', component: () => <p>help body</p> },
  };

  it('stacks cards at z-index 13+3i over overlays at 10+3i, refuses duplicates and clears on route change', () => {
    const store = createCardStore();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rerender } = render(<CardManager cards={cards} route="/a" store={store} />);
    act(() => {
      store.getState().open('details');
      store.getState().open('help');
      store.getState().open('details');
    });
    const dialogs = screen.getAllByRole('dialog');
    expect(dialogs.map((d) => getComputedStyle(d).zIndex)).toEqual(['13', '16']);
    expect(getComputedStyle(screen.getByTestId('overlay-help')).zIndex).toBe('13');
    expect(warn).toHaveBeenCalledWith('The card details is already open.');
    expect(() => store.getState().open('nope')).toThrow('Unknown card: nope');
    rerender(<CardManager cards={cards} route="/b" store={store} />);
    expect(screen.queryAllByRole('dialog')).toEqual([]);
    warn.mockRestore();
  });

  it('keeps cards opened before the first render; only a route change clears them', () => {
    const store = createCardStore();
    store.getState().register(['details']);
    store.getState().open('details');
    render(<CardManager cards={cards} route="/a" store={store} />);
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeTruthy();
  });

  it('closes the top card with its labelled close button', async () => {
    const user = userEvent.setup();
    const store = createCardStore();
    render(<CardManager cards={cards} route="/a" store={store} />);
    act(() => store.getState().open('details'));
    await user.click(screen.getByRole('button', { name: 'Close Details' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses the card that opens; Escape closes it', async () => {
    const user = userEvent.setup();
    const store = createCardStore();
    render(<CardManager cards={cards} route="/a" store={store} />);
    act(() => store.getState().open('help'));
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Help' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Breadcrumbs', () => {
  it('are shown with more than one crumb and kept in session storage', async () => {
    sessionStorage.clear();
    const store = createBreadcrumbStore(sessionStorage);
    store.getState().visit({ label: 'Home', url: '/home' });
    const onNavigate = vi.fn();
    const { rerender, container } = render(<Breadcrumbs crumbs={store.getState().crumbs} onNavigate={onNavigate} />);
    expect(container.innerHTML).toBe('');
    store.getState().visit({ label: 'Users', url: '/user' });
    rerender(<Breadcrumbs crumbs={store.getState().crumbs} onNavigate={onNavigate} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Home' }));
    expect(onNavigate).toHaveBeenCalledWith('/home');
    expect(createBreadcrumbStore(sessionStorage).getState().crumbs).toHaveLength(2); // restored from storage
    store.getState().clear();
    expect(sessionStorage.getItem('breadcrumbs')).toBeNull();
  });
});

describe('Modal and tooltip', () => {
  it('the modal shows with its overlay and closes with Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Modal open title="About" onClose={onClose}><p>body</p></Modal>);
    expect(screen.getByRole('dialog', { name: 'About' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('the tooltip opens on keyboard focus and describes its button', async () => {
    const user = userEvent.setup();
    render(<HelpTooltip label="Help for User Name" contentWidth={400} title="The name you sign in with." />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Help for User Name' }).getAttribute('aria-describedby')).toBeTruthy();
  });
});
