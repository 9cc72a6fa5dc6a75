import { Profiler, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Button } from '@mui/material';
import { AppTheme } from '../../../ui/theme.tsx';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { generatedScreen } from './generated-screen.ts';
import { waitForForm } from './wait-for-form.ts';

const params = new URLSearchParams(location.search);
const { screen, entity } = generatedScreen(Number(params.get('fields') ?? 200), params.get('sections') !== 'off');
const record = { Id: 1 };
/** `?open=click`: the form opens from a button, as a screen does when the app is already running. */
const openOnClick = params.get('open') === 'click';

function Page() {
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
      {open && (
        <FormScreen screen={screen} entity={entity} mode="update" record={record} title="200 fields"
          save={async (v) => v} onDone={() => {}} />
      )}
    </>
  );
}

window.renderMs = [];
// React's own time per committed update: tells rendering apart from the browser's style, layout and paint.
const router = createMemoryRouter([{ path: '*', element: (
  <Profiler id="form" onRender={(_id, _phase, actualDuration) => window.renderMs.push(actualDuration)}>
    <AppTheme><Page /></AppTheme>
  </Profiler>
) }]);
window.benchStart = performance.now();
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
if (!openOnClick) waitForForm();
