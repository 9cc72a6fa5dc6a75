import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { Typography } from '@mui/material';
import { AppCards } from '../../../ui/shell/cards/AppCards.tsx';
import { openCard, registerAppCard } from '../../../ui/shell/cards/registry.ts';
import { useCardStore } from '../../../engine/widgets/card-manager/store.ts';
import { useNotifications } from '../../../engine/react/notifications/store.ts';

registerAppCard('details', { title: 'Details', component: () => <Typography>Details card</Typography> });
registerAppCard('help', { title: 'Help', component: () => <Typography>Help card</Typography> });

function Go() {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate('/elsewhere')}>Go elsewhere</button>;
}

function renderCards() {
  render(<MemoryRouter initialEntries={['/here']}><Go /><AppCards /></MemoryRouter>);
}

afterEach(() => {
  act(() => useCardStore.getState().clear());
  useNotifications.setState({ notices: [] });
});

describe('the card manager in the shell (spec 3 "Card manager")', () => {
  it('stacks cards, card i at z-index 13+3i over its overlay at 10+3i, content at most the window height less 100 px', () => {
    renderCards();
    act(() => {
      openCard('details');
      openCard('help');
    });
    const [details, help] = screen.getAllByRole('dialog');
    expect(details.getAttribute('aria-label')).toBe('Details');
    expect(getComputedStyle(details).zIndex).toBe('13');
    expect(getComputedStyle(help).zIndex).toBe('16');
    expect(getComputedStyle(screen.getByTestId('overlay-details')).zIndex).toBe('10');
    expect(getComputedStyle(screen.getByTestId('overlay-help')).zIndex).toBe('13');
    const content = screen.getByText('Help card').parentElement!;
    expect(getComputedStyle(content).maxHeight).toBe(`${window.innerHeight - 100}px`);
  });

  it('refuses a card that is already open, with a warning notice', () => {
    renderCards();
    act(() => openCard('details'));
    act(() => openCard('details'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(useNotifications.getState().notices.map((n) => [n.severity, n.text])).toEqual([['warning', 'The card details is already open.']]);
  });

  it('raises on a card name nobody registered', () => {
    expect(() => openCard('nosuchcard')).toThrow('Unknown card: nosuchcard');
  });

  it('clears every card when the route changes', async () => {
    renderCards();
    act(() => {
      openCard('details');
      openCard('help');
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Go elsewhere', hidden: true }));
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });
});
