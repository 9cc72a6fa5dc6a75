import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { ApiError } from '../../api/client.ts';
import { itemsOf } from '../transfer/errors.ts';
import { reportApi, type Favourite, type SavedParam } from './report-api.ts';

export const nameRequiredMessage = 'Name is required.';

export interface FavouritesPanelProps {
  reportId: number;
  /** The current filters as the save call takes them, or null (with the form's messages shown) when they are not right. */
  currentParams: () => SavedParam[] | null;
  onLoad: (favourite: Favourite) => void;
  /** A favourite was saved or deleted: the chooser's star may change. */
  onChanged: () => void;
}

/** The user's favourites of a report: load one (fills the filters and generates), delete one, or save the filters as one. */
export function FavouritesPanel({ reportId, currentParams, onLoad, onChanged }: FavouritesPanelProps) {
  const [favourites, setFavourites] = useState<Favourite[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const reload = useCallback(() => {
    reportApi.favourites(reportId).then(setFavourites, (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? null));
  }, [reportId]);
  useEffect(reload, [reload]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setNameError(nameRequiredMessage);
    const params = currentParams();
    if (!params) {
      setAsking(false);
      return setFailure('Fill in every filter before saving them as a favourite.');
    }
    try {
      await reportApi.saveFavourite(reportId, name.trim(), params);
      setAsking(false);
      setFailure(null);
      reload();
      onChanged();
    } catch (error) {
      const items = itemsOf(error);
      const onName = error instanceof ApiError && error.status === 400 ? items.find((i) => i.PropertyName?.toLowerCase() === 'name') : undefined;
      setNameError(onName?.ErrorMessage ?? items[0]?.ErrorMessage ?? 'The favourite could not be saved.');
    }
  }

  async function remove(favourite: Favourite) {
    try {
      await reportApi.deleteFavourite(favourite.UserFavoriteReportId);
      reload();
      onChanged();
    } catch (error) {
      setFailure(itemsOf(error)[0]?.ErrorMessage ?? 'The favourite could not be deleted.');
    }
  }

  return (
    <Box component="section" aria-labelledby="report-favourites-title">
      <Typography component="h2" variant="subtitle1" id="report-favourites-title" sx={{ fontWeight: 600 }}>Favourites</Typography>
      {favourites && !favourites.length && <Typography variant="body2" color="text.secondary">No favourites saved for this report.</Typography>}
      {!!favourites?.length && (
        <List dense disablePadding aria-label="Saved favourites">
          {favourites.map((f) => (
            <ListItem key={f.UserFavoriteReportId} disablePadding
              secondaryAction={<IconButton edge="end" aria-label={`Delete favourite ${f.Name}`} onClick={() => void remove(f)}><DeleteIcon /></IconButton>}>
              <ListItemButton onClick={() => onLoad(f)} aria-label={`Load favourite ${f.Name}`}>
                <ListItemText primary={f.Name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {failure && <Alert severity="error" sx={{ mt: 1 }}>{failure}</Alert>}
      <Button sx={{ mt: 1 }} startIcon={<StarBorderIcon />} onClick={() => { setName(''); setNameError(null); setAsking(true); }}>Add to favourites</Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="add-favourite-title">
        <Box component="form" noValidate onSubmit={(e) => void save(e)}>
          <DialogTitle id="add-favourite-title">Add to favourites</DialogTitle>
          <DialogContent>
            <TextField autoFocus fullWidth required margin="dense" id="favourite-name" label="Name" value={name}
              error={!!nameError} helperText={nameError ?? 'Saves the filters as they are now under this name.'}
              onChange={(e) => { setName(e.target.value); setNameError(null); }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>Cancel</Button>
            <Button type="submit" variant="contained">Save</Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
