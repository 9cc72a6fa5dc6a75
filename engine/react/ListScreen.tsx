import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import type { ScreenDocument } from '../core/screen-document.ts';
import { ListingGrid, type ListingGridProps } from './grid/ListingGrid.tsx';

type Row = Record<string, unknown>;

export interface ListScreenProps extends Omit<ListingGridProps<Row>, 'list' | 'idField'> {
  screen: ScreenDocument;
  title?: string;
  description?: string;
  /** Set actions beside the title, e.g. the add button. */
  actions?: ReactNode;
}

/** A screen's list route: its title and description above the listing grid its metadata declares. */
export function ListScreen({ screen, title, description, actions, ...grid }: ListScreenProps) {
  if (!screen.list) throw new Error(`screen ${screen.id} has no list definition`);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <div style={{ flexGrow: 1 }}>
          <Typography variant="h1">{title ?? screen.title}</Typography>
          {(description ?? screen.description) && <Typography color="text.secondary">{description ?? screen.description}</Typography>}
        </div>
        {actions}
      </Stack>
      <ListingGrid list={screen.list} idField={screen.idField} {...grid} />
    </Stack>
  );
}
