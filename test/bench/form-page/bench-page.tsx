import { Profiler, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from '@mui/material';
import { AppTheme } from '../../../ui/theme.tsx';
import { waitForForm } from './wait-for-form.ts';

/** `?open=click`: the form opens from a button, as a screen does when the app is already running. */
const openOnClick = new URLSearchParams(location.search).get('open') === 'click';

/** The measured form: shown at once, or opened and closed by a button, each opening timed from its click. */
function FormToggle({ form }: { form: ReactNode }) {
  const [open, setOpen] = useState(!openOnClick);
  const toggle = () => {
    window.benchReady = undefined;
    window.benchStart = performance.now();
    setOpen(!open);
    if (!open) waitForForm();
  };
  return (
    <>
      {openOnClick && <Button onClick={toggle}>{open ? 'Close the form' : 'Open the form'}</Button>}
      {open && form}
    </>
  );
}

/**
 * Renders a bench page around `form`, under the app's theme and React's Profiler (its time per committed update
 * tells rendering apart from the browser's style, layout and paint), `wrap`ped in whatever the page needs above.
 */
export function mountBenchPage(form: ReactNode, wrap: (page: ReactNode) => ReactNode = (page) => page): void {
  window.renderMs = [];
  const page = (
    <Profiler id="form" onRender={(_id, _phase, actualDuration) => window.renderMs.push(actualDuration)}>
      <AppTheme><FormToggle form={form} /></AppTheme>
    </Profiler>
  );
  window.benchStart = performance.now();
  createRoot(document.getElementById('root')!).render(wrap(page));
  if (!openOnClick) waitForForm();
}
