import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Box } from '@mui/material';
import { CardManager } from '../../../engine/widgets/card-manager/CardManager.tsx';
import { useCardStore } from '../../../engine/widgets/card-manager/store.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { appCards } from './registry.ts';

/**
 * The shell's card stack: every registered card, cleared on each change of route; a card opened twice is refused
 * with a warning notice (card i at z-index 13+3i over its overlay at 10+3i, its content at most the window's height
 * less 100 px: engine/widgets/card-manager).
 */
export function AppCards() {
  const { pathname } = useLocation();
  const warning = useCardStore((s) => s.warning);
  useEffect(() => {
    if (!warning) return;
    notify('warning', warning);
    // Told once: the same refusal again is a new warning.
    useCardStore.setState({ warning: null });
  }, [warning]);
  // The stack's own z-indexes (13+3i, 10+3i) order the cards among themselves; the stack lies above the top bar.
  return (
    <Box sx={{ position: 'relative', zIndex: (t) => t.zIndex.drawer + 2 }}>
      <CardManager cards={appCards} route={pathname} />
    </Box>
  );
}
