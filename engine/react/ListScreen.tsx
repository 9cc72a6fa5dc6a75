import { Stack, Typography } from '@mui/material';
import type { ScreenDocument } from '../core/screen-document.ts';
import { ListingGrid } from './grid/ListingGrid.tsx';
import type { ListDataSource } from './grid/types.ts';

export interface ListScreenProps {
  screen: ScreenDocument;
  title?: string;
  description?: string;
  dataSource: ListDataSource;
  onRowClick?: (row: Record<string, unknown>) => void;
}

/** A screen's list route: its title and description above the listing grid its metadata declares. */
export function ListScreen({ screen, title, description, dataSource, onRowClick }: ListScreenProps) {
  if (!screen.list) throw new Error(`screen ${screen.id} has no list definition`);
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h1">{title ?? screen.title}</Typography>
        {(description ?? screen.description) && <Typography color="text.secondary">{description ?? screen.description}</Typography>}
      </div>
      <ListingGrid list={screen.list} idField={screen.idField} dataSource={dataSource} onRowClick={onRowClick} />
    </Stack>
  );
}
