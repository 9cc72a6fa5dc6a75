import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, TextField, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { groupReports } from './chooser-logic.ts';
import type { Report, ReportCategory } from './report-api.ts';

export interface ReportChooserProps {
  reports: Report[];
  categories: ReportCategory[];
  chosenId: number | null;
  onChoose: (report: Report) => void;
}

/**
 * The searchable list of the reports the user may run, by category in DisplayOrder, each with its description and
 * a star when the user has a favourite of it. Arrow keys move through the list (down from the search box enters it),
 * Tab does too, Enter opens.
 */
export function ReportChooser({ reports, categories, chosenId, onChoose }: ReportChooserProps) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => groupReports(reports, categories, search), [reports, categories, search]);
  const listRef = useRef<HTMLDivElement>(null);

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[data-report-item]') ?? [])];
  const move = (event: KeyboardEvent, step: 1 | -1) => {
    const all = items();
    if (!all.length) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = at < 0 ? (step === 1 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + step));
    all[next].focus();
  };
  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') move(event, 1);
    else if (event.key === 'ArrowUp') move(event, -1);
  };

  return (
    <Box component="nav" aria-label="Reports">
      <TextField
        type="search"
        size="small"
        fullWidth
        label="Search reports"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'ArrowDown') move(e, 1); }}
        sx={{ mb: 1 }}
      />
      {!groups.length && <Typography role="status" sx={{ p: 1 }}>{search ? `No report matches '${search}'.` : 'No reports are available to you.'}</Typography>}
      <Box ref={listRef} onKeyDown={onListKey}>
        {groups.map((group) => (
          <Box component="section" key={group.category.CategoryId} aria-labelledby={`report-category-${group.category.CategoryId}`}>
            <Typography component="h2" variant="subtitle2" id={`report-category-${group.category.CategoryId}`} sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
              {group.category.Title}
            </Typography>
            <List dense disablePadding>
              {group.reports.map((report) => (
                <ListItem key={report.ReportId} disablePadding>
                  <ListItemButton
                    data-report-item
                    selected={report.ReportId === chosenId}
                    aria-current={report.ReportId === chosenId ? 'true' : undefined}
                    onClick={() => onChoose(report)}
                  >
                    <ListItemText
                      primary={report.ReportDispName}
                      secondary={report.Description}
                      slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                    />
                    {report.IsFavorite && (
                      <ListItemIcon sx={{ minWidth: 0, ml: 1 }}>
                        <StarIcon fontSize="small" color="warning" titleAccess="Has favourites" />
                      </ListItemIcon>
                    )}
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
