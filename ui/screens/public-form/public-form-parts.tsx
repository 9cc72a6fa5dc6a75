import type { FormScreenProps } from '../../../engine/react/form/FormScreen.tsx';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { honeypotField, type PublicFormDefinition } from '../../../engine/core/lowcode/public-forms.ts';
import { ApiError } from '../../api/client.ts';
import { publicFormCalls } from '../forms/public-form-api.ts';
import { visuallyHidden } from '../visually-hidden.ts';
import { preloadable } from '../../routing/preloadable.tsx';

/**
 * The parts of a public form's page (issue 32), shared by /public/form/{key} and /customercare/contactus. The form
 * engine is fetched once the page's frame is painted: the first paint of a page people arrive at does not wait for it.
 */
export const loadFormScreen = () => import('../../../engine/react/form/FormScreen.tsx');
export const formScreen = preloadable<FormScreenProps>(() => loadFormScreen().then((m) => ({ default: m.FormScreen })));
export const LazyFormScreen = formScreen.Component;

/** A definition asked for before the page was first drawn (ui/routing/first-screen.ts), and its answer once here. */
interface EarlyDefinition { answer: Promise<PublicFormDefinition>; definition?: PublicFormDefinition }
const earlyDefinitions = new Map<string, EarlyDefinition>();

/** Asks for the definition before the page is drawn; the page takes this call over (once) rather than asking again. */
export function preloadDefinition(key: string): Promise<PublicFormDefinition> {
  const early: EarlyDefinition = { answer: publicFormCalls.definition(key) };
  early.answer.then((definition) => { early.definition = definition; }, () => undefined);
  earlyDefinitions.set(key, early);
  return early.answer;
}

function takeEarlyDefinition(key: string): EarlyDefinition | undefined {
  const early = earlyDefinitions.get(key);
  earlyDefinitions.delete(key);
  return early;
}

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
  // A definition asked for before the first drawing is taken over: drawn at once when it is already here, else waited
  // for; a later opening (another response) asks anew, for a new fill token.
  const [early] = useState(() => takeEarlyDefinition(key));
  const [loaded, setLoaded] = useState<PublicFormState>(early?.definition ? { state: 'ready', definition: early.definition } : { state: 'loading' });
  const [trap, setTrap] = useState('');
  // Each opening of the form is a fresh form (Cancel clears it; Send another starts anew with a new fill token).
  const [opening, setOpening] = useState(0);
  const sent = useRef(false);

  // The page's frame is painted before the form engine is asked for (most of the page's bytes and work: asked for at
  // once, its arrival held the first paint back on a phone); the form is drawn from then on.
  const [framePainted, setFramePainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void loadFormScreen();
        // Drawn in slices the browser may answer input between: the form is most of the page's drawing.
        startTransition(() => setFramePainted(true));
      });
    });
    return () => { cancelAnimationFrame(frame); clearTimeout(timer); };
  }, []);

  const open = useCallback((asked?: Promise<PublicFormDefinition>) => {
    let live = true;
    setLoaded({ state: 'loading' });
    (asked ?? publicFormCalls.definition(key)).then((definition) => { if (live) setLoaded({ state: 'ready', definition }); }, (error: unknown) => {
      if (!live) return;
      const notFound = !(error instanceof ApiError) || error.status === 404;
      setLoaded({ state: 'missing', notFound, message: error instanceof Error ? error.message : '' });
    });
    return () => { live = false; };
  }, [key]);
  const first = useRef(true);
  useEffect(() => {
    const earlyAnswer = first.current ? early : undefined;
    first.current = false;
    if (earlyAnswer?.definition) return undefined;
    return open(earlyAnswer?.answer);
  }, [open, early]);

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
  // Until the frame is painted, a form already defined still shows as loading.
  const shown: PublicFormState = loaded.state === 'ready' && !framePainted ? { state: 'loading' } : loaded;
  return { loaded: shown, trap, setTrap, opening, save, done, again };
}
