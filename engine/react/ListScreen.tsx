import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { ScreenDocument } from '../core/screen-document.ts';
import { ListingGrid, type ListingGridProps } from './grid/ListingGrid.tsx';
import { FloatingAddButton } from './FloatingAddButton.tsx';
import { TitleBar } from './TitleBar.tsx';

type Row = Record<string, unknown>;

export interface ListScreenProps extends Omit<ListingGridProps<Row>, 'list' | 'idField'> {
  screen: ScreenDocument;
  title?: string;
  description?: string;
  /** Set actions beside the title (before the add button). */
  actions?: ReactNode;
  /** Filters of the screen's own between the title and the grid (the grid's query carries them through its data source). */
  filters?: ReactNode;
  /** The add button's target and label, for a user who may create; placed as the list's `addButton` says. */
  add?: { to: string; label: string };
}

/** A screen's list route: its title and description above the listing grid its metadata declares, and its add button. */
export function ListScreen({ screen, title, description, actions, filters, add, ...grid }: ListScreenProps) {
  if (!screen.list) throw new Error(`screen ${screen.id} has no list definition`);
  const floating = screen.list.addButton === 'floating';
  const setAdd = add && !floating ? <Button component={RouterLink} to={add.to} variant="contained" startIcon={<AddIcon />}>{add.label}</Button> : null;
  return (
    // Room below the grid, so its last rows and pager scroll clear of a floating add button.
    <Stack spacing={2} sx={add && floating ? { pb: 10 } : undefined}>
      <TitleBar title={title ?? screen.title} description={description ?? screen.description} actions={actions || setAdd ? <>{actions}{setAdd}</> : undefined} />
      {filters}
      <ListingGrid list={screen.list} idField={screen.idField} {...grid} />
      {add && floating && <FloatingAddButton {...add} />}
    </Stack>
  );
}
