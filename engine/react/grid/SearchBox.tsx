import { useEffect, useRef, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

export const searchDebounceMs = 1000;

/** Search text, sent once the user has paused typing (spec 2: debounce 1000 ms); Enter sends at once. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), searchDebounceMs);
  }

  return (
    <TextField
      type="search"
      placeholder="Search"
      value={text}
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          clearTimeout(timer.current);
          onSearch(text.trim());
        }
      }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search' },
        input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
      }}
      sx={{ minWidth: { xs: 0, sm: 240 }, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    />
  );
}
