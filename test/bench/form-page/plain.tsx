import { Profiler, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from '@mui/material';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { AppTheme } from '../../../ui/theme.tsx';
import { generatedScreen } from './generated-screen.ts';
import { waitForForm } from './wait-for-form.ts';

/**
 * The reference the engine's form is compared with: the same generated schema in a plain `Form` of
 * @rjsf/mui with @rjsf/validator-ajv8, used as its documentation shows (uncontrolled, default options),
 * under the app's MUI theme, with none of the engine's code.
 */

const params = new URLSearchParams(location.search);
const { entity } = generatedScreen(Number(params.get('fields') ?? 200), false);
const schema = entity as RJSFSchema;
const record = { Id: 1 };
/** `?open=click`: the form opens from a button in the running page. */
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
      {open && <Form schema={schema} validator={validator} formData={record} />}
    </>
  );
}

window.renderMs = [];
window.benchStart = performance.now();
createRoot(document.getElementById('root')!).render(
  <Profiler id="form" onRender={(_id, _phase, actualDuration) => window.renderMs.push(actualDuration)}>
    <AppTheme><Page /></AppTheme>
  </Profiler>,
);
if (!openOnClick) waitForForm();
