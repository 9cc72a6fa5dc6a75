import { IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';

export interface GridPagerProps {
  page: number;
  lastPage: number;
  pageSize: number;
  pageSizes: number[];
  shown: number;
  totalCount: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** First / Previous / Next / Last, 'Page X of Y', 'N of M' and the page-size chooser. */
export function GridPager({ page, lastPage, pageSize, pageSizes, shown, totalCount, onPage, onPageSize }: GridPagerProps) {
  const nav = [
    { label: 'First page', icon: <FirstPageIcon />, to: 1, disabled: page <= 1 },
    { label: 'Previous page', icon: <NavigateBeforeIcon />, to: page - 1, disabled: page <= 1 },
    { label: 'Next page', icon: <NavigateNextIcon />, to: page + 1, disabled: page >= lastPage },
    { label: 'Last page', icon: <LastPageIcon />, to: lastPage, disabled: page >= lastPage },
  ];
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', px: 2, py: 1 }}>
      <TextField
        select
        label="Rows per page"
        value={pageSize}
        onChange={(e) => onPageSize(Number(e.target.value))}
        sx={{ width: 140 }}
      >
        {pageSizes.map((size) => <MenuItem key={size} value={size}>{size === 0 ? 'All' : size}</MenuItem>)}
      </TextField>
      <Typography variant="body2" aria-live="polite">{shown} of {totalCount}</Typography>
      <Typography variant="body2">Page {page} of {lastPage}</Typography>
      <Stack direction="row">
        {nav.map((n) => (
          <Tooltip key={n.label} title={n.label}>
            <span>
              <IconButton aria-label={n.label} disabled={n.disabled} onClick={() => onPage(n.to)}>{n.icon}</IconButton>
            </span>
          </Tooltip>
        ))}
      </Stack>
    </Stack>
  );
}
