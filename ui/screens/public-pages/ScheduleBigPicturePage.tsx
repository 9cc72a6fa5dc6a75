import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, CssBaseline, Stack, ThemeProvider, Typography, createTheme } from '@mui/material';
import { api } from '../../api/api.ts';
import { publicCalls, type Schedule, type ScheduleItem } from './public-calls.ts';
import { localMidnight, scheduleDays, timeRange, updatedAt } from './schedule-days.ts';

/** How often the wall asks again, besides when it becomes visible. */
const refreshMs = 30_000;

// Dark and high-contrast, readable across a room: near-white on near-black (above 15:1), statuses in light tints.
const wallTheme = createTheme({
  palette: { mode: 'dark', background: { default: '#000000', paper: '#111418' }, text: { primary: '#ffffff', secondary: '#d0d7de' } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
const statusColours: Record<string, string> = { Scheduled: '#9ecbff', 'In progress': '#7ee787', Done: '#d0d7de', Cancelled: '#ffa198' };

function Item({ item }: { item: ScheduleItem }) {
  const cancelled = item.Status === 'Cancelled';
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'auto 1fr auto' }, gap: { xs: 0.5, md: 3 }, alignItems: 'baseline', py: 1.5, borderTop: 1, borderColor: '#30363d' }}>
      <Typography sx={{ fontSize: 'clamp(1.3rem, 2.6vw, 2.4rem)', fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: { md: 'nowrap' } }}>{timeRange(item)}</Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: 'clamp(1.5rem, 3.2vw, 3rem)', fontWeight: 700, lineHeight: 1.15, overflowWrap: 'anywhere', textDecoration: cancelled ? 'line-through' : 'none' }}>{item.Title}</Typography>
        {item.Place && <Typography sx={{ fontSize: 'clamp(1.1rem, 2vw, 1.9rem)', color: 'text.secondary', overflowWrap: 'anywhere' }}>{item.Place}</Typography>}
      </Box>
      {item.Status && (
        <Typography sx={{ fontSize: 'clamp(1.1rem, 2vw, 1.9rem)', fontWeight: 700, color: statusColours[item.Status] ?? 'text.primary', whiteSpace: 'nowrap' }}>{item.Status}</Typography>
      )}
    </Box>
  );
}

/**
 * /scheduleBigPicture (spec 1 section 2): a wall display of the schedule items of today and the week, refreshing itself
 * every 30 seconds and whenever it becomes visible again, without a reload. A failed refresh keeps what is shown and
 * says since when it is.
 */
export default function ScheduleBigPicturePage() {
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const [updated, setUpdated] = useState<Date | null>(null);
  const [stale, setStale] = useState(false);
  const inFlight = useRef(false);

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await api.get<Schedule>(publicCalls.schedule(localMidnight()));
      setSchedule(answer);
      setUpdated(new Date());
      setStale(false);
    } catch {
      setStale(true);
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    document.title = 'Schedule · Administration';
    void refresh();
    const timer = window.setInterval(() => void refresh(), refreshMs);
    const onVisible = () => { if (document.visibilityState === 'visible') void refresh(); };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const days = useMemo(() => (schedule ? scheduleDays(schedule.Items, updated ?? new Date()) : []), [schedule, updated]);

  return (
    <ThemeProvider theme={wallTheme}>
      <CssBaseline />
      <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary', px: { xs: 2, md: 6 }, py: { xs: 2, md: 4 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 4.5vw, 4.2rem)', fontWeight: 800 }}>Schedule</Typography>
          <Typography role="status" aria-live="polite" sx={{ fontSize: 'clamp(1.1rem, 2vw, 1.8rem)', color: stale ? '#ffa198' : 'text.secondary' }}>
            {updated ? `${stale ? 'Not updated since' : 'Updated'} ${updatedAt(updated)}` : stale ? 'The schedule could not be loaded. Trying again…' : 'Loading…'}
          </Typography>
        </Stack>
        {days.map((day) => (
          <Box component="section" key={day.key} aria-labelledby={`day-${day.key}`} sx={{ mb: 4 }}>
            <Typography id={`day-${day.key}`} variant="h2" sx={{ fontSize: day.isToday ? 'clamp(1.7rem, 3.4vw, 3.2rem)' : 'clamp(1.4rem, 2.6vw, 2.4rem)', fontWeight: 800, color: day.isToday ? '#ffffff' : '#d0d7de', mb: 1 }}>
              {day.label}
            </Typography>
            {day.items.length
              ? <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>{day.items.map((item) => <Item key={item.Id} item={item} />)}</Box>
              : <Typography sx={{ fontSize: 'clamp(1.2rem, 2.2vw, 2rem)', color: 'text.secondary' }}>Nothing scheduled.</Typography>}
          </Box>
        ))}
      </Box>
    </ThemeProvider>
  );
}
