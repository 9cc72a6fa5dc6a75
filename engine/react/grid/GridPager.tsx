import { IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';

export type PagerMove = 'first' | 'previous' | 'next' | 'last';

export interface GridPagerProps {
  page: number;
  lastPage: number;
  pageSize: number;
  pageSizes: number[];
  shown: number;
  totalCount: number;
  /** The count is an estimate: shown as 'about', and Next stays open until a short page. */
  estimated: boolean;
  onMove: (move: PagerMove) => void;
  onPageSize: (size: number) => void;
}

const number = (n: number) => n.toLocaleString('en-US');

/** First / Previous / Next / Last, 'Page X of Y', 'N of M' and the page-size chooser. */
export function GridPager({ page, lastPage, pageSize, pageSizes, shown, totalCount, estimated, onMove, onPageSize }: GridPagerProps) {
  const about = estimated ? 'about ' : '';
  const atEnd = estimated ? pageSize > 0 && shown < pageSize : page >= lastPage;
  const moves: Array<{ move: PagerMove; label: string; icon: React.ReactNode; disabled: boolean }> = [
    { move: 'first', label: 'First page', icon: <FirstPageIcon />, disabled: page <= 1 },
    { move: 'previous', label: 'Previous page', icon: <NavigateBeforeIcon />, disabled: page <= 1 },
    { move: 'next', label: 'Next page', icon: <NavigateNextIcon />, disabled: atEnd },
    { move: 'last', label: 'Last page', icon: <LastPageIcon />, disabled: atEnd },
  ];
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1, px: 2, py: 1 }}>
      <TextField select label="Rows per page" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} sx={{ width: 140 }}>
        {pageSizes.map((size) => <MenuItem key={size} value={size}>{size === 0 ? 'All' : size}</MenuItem>)}
      </TextField>
      <Typography variant="body2" aria-live="polite" title={estimated ? 'The total is an estimate: the list is too large to count quickly.' : undefined}>
        {number(shown)} of {about}{number(totalCount)}
      </Typography>
      <Typography variant="body2">Page {number(page)} of {about}{number(lastPage)}</Typography>
      <Stack direction="row">
        {moves.map((m) => (
          <Tooltip key={m.move} title={m.label}>
            <span>
              <IconButton aria-label={m.label} disabled={m.disabled} onClick={() => onMove(m.move)}>{m.icon}</IconButton>
            </span>
          </Tooltip>
        ))}
      </Stack>
    </Stack>
  );
}
