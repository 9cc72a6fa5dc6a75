import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';

// Made on the first draw rather than when the module loads: the first screen's code then runs as shorter pieces of work.
let made: ReturnType<typeof createTheme> | undefined;
const theme = () => (made ??= createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f5fa8' },
    secondary: { main: '#5c6b7a' },
    background: { default: '#f4f6f9' },
    // MUI's default warning (#ed6c02) and info (#0288d1) are below 4.5:1 as text on white (axe 'color-contrast').
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 600 },
    h2: { fontSize: '1.3rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small' } },
    // A read-only field (a record someone else has locked, a form opened to view) must not look editable: a tinted
    // box with a dashed outline, its text at full contrast and still selectable (a disabled field is neither).
    MuiOutlinedInput: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          '&.MuiInputBase-readOnly': { backgroundColor: t.palette.action.hover },
          '&.MuiInputBase-readOnly .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
        }),
      },
    },
    // A table scrolls sideways inside its container, never the page: positioned, the container also holds the
    // visually hidden (absolutely placed) labels of its cells, which would otherwise widen the page on a phone.
    MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
    // On a phone (below sm) a full-width dialog of some size (a record's history, a schedule, a form in a dialog) takes
    // the whole screen, as MUI's fullScreen does, rather than squeezing its content between margins; a small
    // confirmation (maxWidth xs, or not full width) stays a dialog. Wider screens are unchanged.
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme: t }) => ({
          [t.breakpoints.down('sm')]: {
            '&.MuiDialog-paperFullWidth:not(.MuiDialog-paperWidthXs)': { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: 'none', borderRadius: 0 },
          },
        }),
      },
    },
    // Tabs wider than the screen (a phone) scroll, with arrows, rather than cut off the last; when they fit, as on a
    // desktop, they show as before.
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
    // A progress indicator is announced by name (axe 'aria-progressbar-name'); a spinner with its own name keeps it.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
  },
}));

/** The product's look, for the app, Storybook and component tests alike. */
export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme()}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
