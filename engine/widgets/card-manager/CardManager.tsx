import { useEffect, useRef, type ComponentType } from 'react';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import type { StoreApi, UseBoundStore } from 'zustand';
import { cardMaxHeight, cardZIndex, overlayZIndex } from './logic.ts';
import { useCardStore, type CardStore } from './store.ts';

/** A card's component and title, registered under its name. */
export interface CardDefinition { title: string; component: ComponentType<Record<string, unknown>> }

/** Props of the card manager. */
export interface CardManagerProps {
  cards: Record<string, CardDefinition>;
  /** The current route: every change clears all cards. */
  route: string;
  store?: UseBoundStore<StoreApi<CardStore>>;
}

/**
 * Stacked side cards: each open card lies over an overlay, card i at z-index 13+3i over its overlay
 * at 10+3i. Escape or the close button closes the top card; a route change closes them all.
 */
export function CardManager({ cards, route, store = useCardStore }: CardManagerProps) {
  const { cards: open, register, close, clear } = store();
  useEffect(() => register(Object.keys(cards)), [cards, register]);
  // Only a change of route clears the cards; the first render keeps what is already open.
  const shownRoute = useRef(route);
  useEffect(() => {
    if (shownRoute.current === route) return;
    shownRoute.current = route;
    clear();
  }, [route, clear]);
  return (
    <>
      {open.map((entry, i) => {
        const def = cards[entry.name];
        const Card = def.component;
        return (
          <Box key={entry.name}>
            <Box data-testid={`overlay-${entry.name}`} onClick={() => close(entry.name)}
              sx={{ position: 'fixed', inset: 0, bgcolor: 'rgba(0,0,0,0.3)', zIndex: overlayZIndex(i) }} />
            <Paper role="dialog" aria-modal="true" aria-label={def.title} elevation={8} tabIndex={-1}
              // The top card takes the focus when it opens, so Escape and Tab work inside it at once.
              ref={(el: HTMLDivElement | null) => {
                if (el && i === open.length - 1 && !el.contains(document.activeElement)) el.focus();
              }}
              onKeyDown={(e) => { if (e.key === 'Escape') close(entry.name); }}
              sx={{ position: 'fixed', top: 0, right: 0, bottom: 0, width: { xs: '100%', sm: 480 }, zIndex: cardZIndex(i), p: 2, display: 'flex', flexDirection: 'column' }}>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="h2" sx={{ flex: 1 }}>{def.title}</Typography>
                <IconButton aria-label={`Close ${def.title}`} onClick={() => close(entry.name)}><Close /></IconButton>
              </Box>
              <Box sx={{ overflow: 'auto', maxHeight: cardMaxHeight(typeof window === 'undefined' ? 800 : window.innerHeight) }}>
                <Card {...entry.props} />
              </Box>
            </Paper>
          </Box>
        );
      })}
    </>
  );
}
