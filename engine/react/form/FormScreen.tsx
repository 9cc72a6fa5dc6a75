import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Paper, Stack } from '@mui/material';
import type { ScreenDocument } from '../../core/screen-document.ts';
import { isReadOnlyRecord, lockedFields, noticeText, updateValuesOf, type FormMode, type JsonSchema } from '../../core/forms/index.ts';
import { toErrorList, type ErrorItem } from '../../core/error-items.ts';
import { fields as widgetFields, widgets as libraryWidgets } from '../../widgets/registry.ts';
import { notify } from '../notifications/store.ts';
import { useFormState } from './useFormState.ts';
import { useFieldFormProps } from './useFieldFormProps.ts';
import { sectionPlan } from './sections.ts';
import { formLevelErrors } from './error-schema.ts';
import { FormSection } from './FormSection.tsx';
import { ButtonBar, defaultButtonSet } from './ButtonBar.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LeavePrompt } from './LeavePrompt.tsx';
import { RecordInfo } from './RecordInfo.tsx';
import { TitleBar } from '../TitleBar.tsx';
import { NotSpecifiedDateWidget } from './widgets/NotSpecifiedDateWidget.tsx';
import type { AsyncValidatorFn, WidgetFormContext } from '../../widgets/shared/async-validator.ts';
import { createFormValues } from '../../widgets/shared/form-values.ts';
import { useProgressiveCount } from './useProgressiveCount.ts';
import { registeredControls } from './control-registry.ts';

type Data = Record<string, unknown>;
/** What the confirmation dialog asks about. */
type Question = 'delete' | 'deactivate' | 'save';

export interface FormScreenProps {
  screen: ScreenDocument;
  entity: JsonSchema;
  mode: FormMode;
  /** The record for update, read and delete; null when creating. */
  record: Data | null;
  title: string;
  description?: string;
  /** False where the page draws the title and description itself, above the form (drawn before the form's code is here). */
  titleShown?: boolean;
  save: (values: Data) => Promise<Data>;
  remove?: () => Promise<void>;
  deactivate?: () => Promise<Data>;
  /** The named asynchronous checks fields may ask for in ui:options.asyncValidator (a uniqueness lookup). */
  asyncValidators?: Record<string, AsyncValidatorFn>;
  /** A create that copies a record (a role's /role/create/{id}): the Id copied, for the controls that start from it. */
  copyOfId?: number;
  /** Opens a copy of the record (the screen's copy, when the user may create and update): Copy in the update sets. */
  onCopy?: () => void;
  /** After a successful save or delete, and on Cancel. */
  onDone: () => void;
  /** Further actions about the record, shown beside the title (e.g. 'Why can this user...?'). */
  actions?: ReactNode;
  /** What to tell about the record above the form, with what to do about it (e.g. an account not activated yet). */
  notice?: ReactNode;
  /**
   * The record cannot be changed here, and why: someone else holds its lock, or this form's lock expired (spec 2
   * "Record lock lifecycle"). The form turns read-only, its open question closes, and leaving it does not ask.
   */
  readOnlyMessage?: string | null;
  /** What the create button reads (default 'Create'). */
  createLabel?: string;
}

const baseWidgets = { ...libraryWidgets, notSpecifiedDate: NotSpecifiedDateWidget };

/** About a screenful: rendered at once; a longer form mounts the rest this many per frame. */
const fieldsAtOnce = 12;

/** What a failed call said, as error items (a single error is wrapped into a list). */
function errorsOf(error: unknown): ErrorItem[] {
  const items = toErrorList((error as { items?: unknown })?.items ?? (error as Error)?.message);
  return items.length ? items : toErrorList('A system error has occurred. Please try again.');
}

/** A screen's create, update, read or delete route, rendered from its form metadata (spec 2 section 4). */
export function FormScreen({ screen, entity, mode, record, title, description, titleShown = true, save, remove, deactivate, asyncValidators, copyOfId, onCopy, onDone, actions, notice, readOnlyMessage, createLabel }: FormScreenProps) {
  const form = screen.form!;
  const lockedRecord = isReadOnlyRecord(form, record) || Boolean(readOnlyMessage);
  const readOnly = mode === 'read' || mode === 'delete' || lockedRecord;
  // The screen's lockWhen on this record (an admin role's name): those fields shown disabled, with its message.
  const locks = useMemo(() => lockedFields(form, mode === 'create' ? null : record), [form, mode, record]);
  // An update form starts with its confirmations equal to what they confirm (ui:options.startsAs).
  const state = useFormState({ entity, form, mode, initial: mode === 'update' && record ? updateValuesOf(form, record) : record ?? {}, readOnly, locked: locks.fields });
  // A copy is a record not saved yet: it can be created as it starts, and leaving it asks first.
  const dirty = state.dirty || (mode === 'create' && copyOfId !== undefined);
  const plans = useMemo(() => sectionPlan(form, state.fields), [form, state.fields]);
  const fieldProps = useFieldFormProps(state.fields, state.schema, state.uiSchema, state.data, readOnly ? [] : state.shownErrors);
  const { count: mounted, noteInput } = useProgressiveCount(state.fields.length, fieldsAtOnce, fieldsAtOnce);
  // The form's values for the controls that follow another field: one store for the form's life, told each change.
  const [formValues] = useState(() => createFormValues(state.data));
  // The library's controls and those the application registered (read once: registration is done at start).
  const [{ widgets, fields: registryFields }] = useState(() => {
    const added = registeredControls();
    return { widgets: { ...baseWidgets, ...added.widgets }, fields: { ...widgetFields, ...added.fields } };
  });
  useLayoutEffect(() => formValues.set(state.data), [formValues, state.data]);
  // One object while the validators are the same, so memoised fields keep their props.
  // Uploads name what they are for: the screen's module, and the record an update changes (the server checks both).
  const recordId = mode === 'create' ? undefined : Number(record?.[screen.idField]) || undefined;
  const uploadTarget = useMemo(() => ({ ...(screen.module ? { module: screen.module } : {}), ...(recordId ? { recordId } : {}) }), [screen.module, recordId]);
  const formContext = useMemo<WidgetFormContext>(() => ({ asyncValidators, formValues, copyOfId, uploadTarget }), [asyncValidators, formValues, copyOfId, uploadTarget]);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Question | null>(null);
  // What the dialog asks, kept while it closes, so its text does not change as it fades out.
  const [question, setQuestion] = useState<Question>('delete');
  const ask = useCallback((what: Question) => { setQuestion(what); setAsking(what); }, []);
  const [current, setCurrent] = useState(record);
  const leaving = useRef(false);
  // Stable, so the memoised button bar does not render on every keystroke.
  const askDelete = useCallback(() => ask('delete'), [ask]);
  const askDeactivate = useCallback(() => ask('deactivate'), [ask]);
  const buttonSet = defaultButtonSet(mode, form.buttonSets);
  const label = (form.entityLabel ?? 'record').toLowerCase();
  // Read-only from now on (a lock expired): the question asked is no longer open.
  useEffect(() => {
    if (readOnlyMessage) setAsking(null);
  }, [readOnlyMessage]);

  function finish() {
    leaving.current = true;
    onDone();
  }

  async function run(action: 'Create' | 'Update' | 'Delete' | 'Deactivate', work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
      notify('success', noticeText(action, 'success', form.notices));
      return true;
    } catch (error) {
      const items = errorsOf(error);
      state.setServerErrors(items);
      notify('error', noticeText(action, 'error', form.notices, items.length === 1 ? items[0].ErrorMessage : undefined));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly || busy || !dirty) return;
    if (state.trySave().length) {
      notify('error', noticeText('Validation', 'error', form.notices));
      return;
    }
    // The screen's saveConfirm: an update is saved only once the user says so.
    if (mode === 'update' && form.saveConfirm) {
      ask('save');
      return;
    }
    await saveNow();
  }

  async function saveNow() {
    let saved: Data | undefined;
    if (await run(mode === 'create' ? 'Create' : 'Update', async () => { saved = await save(state.data); })) {
      state.reset(saved ?? state.data);
      // A settings page stays open, pristine, showing what was saved (and when, in its record info).
      if (form.stayAfterSave) setCurrent(saved ?? state.data);
      else finish();
    }
  }

  async function confirmed() {
    const what = asking;
    setAsking(null);
    if (what === 'save') await saveNow();
    if (what === 'delete' && remove && (await run('Delete', remove))) finish();
    if (what === 'deactivate' && deactivate) {
      let after: Data | undefined;
      if (await run('Deactivate', async () => { after = await deactivate(); })) {
        setCurrent(after ?? null);
        state.reset(after ?? state.data);
      }
    }
  }

  /** Enter does not submit unless the screen allows it (spec 2). */
  function keyDown(event: KeyboardEvent) {
    // Typing holds back the rest of a long form; Tab does not, so it can always move on to the next field.
    if (event.key !== 'Tab') noteInput();
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && !form.submitOnEnter && target.tagName === 'INPUT') event.preventDefault();
  }

  const formErrors = readOnly ? [] : formLevelErrors(state.serverErrors, state.fields);
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      {titleShown && <TitleBar title={title} description={description} actions={actions} />}
      {readOnlyMessage && <Alert severity="warning" role="alert">{readOnlyMessage}</Alert>}
      {lockedRecord && !readOnlyMessage && form.readOnlyWhen?.message && <Alert severity="info">{form.readOnlyWhen.message}</Alert>}
      {!lockedRecord && !readOnly && locks.messages.map((m) => <Alert key={m} severity="info">{m}</Alert>)}
      {notice}
      {formErrors.map((e, i) => <Alert key={i} severity="error">{e.ErrorMessage}</Alert>)}
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} onKeyDown={keyDown} onPointerDown={noteInput} aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          {plans.map((plan, i) => {
            const shown = plan.fields.slice(0, Math.max(0, mounted - plan.offset));
            return (
              <FormSection
                key={plan.title ?? i}
                title={plan.title}
                fields={shown}
                fieldProps={shown.map((field) => fieldProps.get(field)!)}
                pending={plan.fields.length - shown.length}
                widgets={widgets}
                registryFields={registryFields}
                disabled={busy}
                formContext={formContext}
                onChange={state.changePart}
              />
            );
          })}
          {form.recordInfo && current && mode !== 'create' && <RecordInfo record={current} />}
          <ButtonBar
            set={buttonSet}
            pristine={!dirty}
            busy={busy}
            inactive={current?.IsActive === false}
            readOnly={lockedRecord || mode === 'read'}
            onDelete={remove ? askDelete : undefined}
            onDeactivate={deactivate ? askDeactivate : undefined}
            onCopy={mode === 'update' ? onCopy : undefined}
            onCancel={onDone}
            createLabel={createLabel}
          />
        </Stack>
      </Paper>
      <ConfirmDialog
        open={asking !== null}
        text={question === 'save' ? form.saveConfirm ?? '' : question === 'delete' ? form.deleteConfirm ?? 'Delete current record?' : `Deactivate this ${label}?`}
        confirmLabel={question === 'save' ? 'Save' : question === 'delete' ? 'Delete' : 'Deactivate'}
        destructive={question !== 'save'}
        onConfirm={() => void confirmed()}
        onCancel={() => setAsking(null)}
      />
      <LeavePrompt shouldBlock={() => dirty && form.promptOnAbandon !== false && !leaving.current && !readOnly} />
    </Stack>
  );
}
