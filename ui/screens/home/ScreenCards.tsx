import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';

/**
 * The grid's look, written once for all cards: a card is a plain link with a heading and a line of words, so that
 * forty of them cost forty links to draw rather than two hundred styled components (with a ripple each) on a phone
 * whose first screen this is. A card keeps MUI's outlined card's look, its hover and a visible keyboard focus.
 */
const gridStyle = (theme: Theme) => ({
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: '1fr',
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  listStyle: 'none',
  m: 0,
  p: 0,
  '& a': {
    display: 'block',
    height: '100%',
    boxSizing: 'border-box',
    padding: theme.spacing(2),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    transition: theme.transitions.create(['background-color', 'border-color'], { duration: theme.transitions.duration.shortest }),
  },
  '& a:hover': { backgroundColor: theme.palette.action.hover, borderColor: theme.palette.primary.main },
  '& a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& h2': { ...theme.typography.h2, margin: 0, marginBottom: '0.35em' },
  '& p': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
});

/** The screens a user may open, as cards; drawn again only when the route table changes. */
export const ScreenCards = memo(function ScreenCards({ screens }: { screens: RouteEntry[] }) {
  return (
    <Box component="ul" sx={gridStyle}>
      {screens.map((r) => (
        <li key={r.Name}>
          <RouterLink to={r.Url}>
            <h2>{r.Title}</h2>
            {r.Description && <p>{r.Description}</p>}
          </RouterLink>
        </li>
      ))}
    </Box>
  );
});
