import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { honeypotField, type PublicFormDefinition } from '../../../engine/core/lowcode/public-forms.ts';
import { ApiError } from '../../api/client.ts';
import { publicFormCalls } from '../forms/public-form-api.ts';
import { visuallyHidden } from '../visually-hidden.ts';

/**
 * The parts of a public form's page (issue 32), shared by /public/form/{key} and /customercare/contactus. The form
 * engine is fetched beside the form's definition, never before the page draws its frame: the first paint of a page
 * people arrive at does not wait for it.
 */
export const loadFormScreen = () => import('../../../engine/react/form/FormScreen.tsx');
export const LazyFormScreen = lazy(() => loadFormScreen().then((m) => ({ default: m.FormScreen })));

export type PublicFormState =
  | { state: 'loading' }
  | { state: 'missing'; message: string; notFound: boolean }
  | { state: 'ready'; definition: PublicFormDefinition }
  | { state: 'sent' };

/**
 * The trap a person never fills: out of sight (clipped and transparent), out of the tab order and of the accessibility
 * tree, labelled so that whoever meets it knows to leave it. Bots filling every input fill it; their response is not
 * stored. A plain input, so the page's first drawing needs none of the form engine's parts.
 */
export function Honeypot({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <Box aria-hidden sx={{ ...visuallyHidden, opacity: 0 }}>
      <label>
        Leave this field empty
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </Box>
  );
}

/**
 * A public form of the key: its definition (and the engine beside it), its send with the fill token and the trap, and
 * a fresh opening after Cancel or for another response (a new fill token).
 */
export function usePublicForm(key: string) {
  const [loaded, setLoaded] = useState<PublicFormState>({ state: 'loading' });
  const [trap, setTrap] = useState('');
  // Each opening of the form is a fresh form (Cancel clears it; Send another starts anew with a new fill token).
  const [opening, setOpening] = useState(0);
  const sent = useRef(false);

  const open = useCallback(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    void loadFormScreen();
    publicFormCalls.definition(key).then((definition) => { if (live) setLoaded({ state: 'ready', definition }); }, (error: unknown) => {
      if (!live) return;
      const notFound = !(error instanceof ApiError) || error.status === 404;
      setLoaded({ state: 'missing', notFound, message: error instanceof Error ? error.message : '' });
    });
    return () => { live = false; };
  }, [key]);
  useEffect(() => open(), [open]);

  const save = async (values: Record<string, unknown>) => {
    if (loaded.state !== 'ready') return values;
    const { definition } = loaded;
    await publicFormCalls.send(key, { Values: values, Token: definition.Token, ...(definition.Honeypot && trap ? { [honeypotField]: trap } : {}) });
    sent.current = true;
    return values;
  };
  // After a response is recorded, the thank-you; on Cancel, the form empties.
  const done = () => (sent.current ? setLoaded({ state: 'sent' }) : setOpening((n) => n + 1));
  const again = () => { sent.current = false; setTrap(''); setOpening((n) => n + 1); open(); };
  return { loaded, trap, setTrap, opening, save, done, again };
}
