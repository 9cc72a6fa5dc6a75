import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { formApi, type FormRecord } from './form-api.ts';
import { copyOf, emptyValues, todayIso, valuesOf } from './field-editor-state.ts';
import { FieldEditorForm } from './FieldEditorForm.tsx';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';

interface Loaded { form: FormRecord; field: FormFieldRecord | null }

/**
 * /formfield/create?formid=&isudf=[&id=] and /formfield/update/{id} (registered as 'FormFieldEditor'):
 * reads the form (whether it allows UDFs) and the field edited or copied, then the editor takes over.
 */
export function FormFieldEditorRoute({ screen, kind, params }: ScreenComponentProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useSession((s) => s.routes) ?? [];
  const mode = kind === 'update' ? 'update' : 'create';
  const fieldId = mode === 'update' ? Number(params.id) : Number(search.get('id') ?? 0);
  const queryFormId = Number(search.get('formid'));
  const isUdf = search.get('isudf') === 'true';
  const missingId = mode === 'update' ? !(fieldId > 0) : !(queryFormId > 0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [readFailure, setFailure] = useState<string | null>(null);
  // An update reads the field for update: its lock is held while the editor is open, as a screen's records are.
  const forUpdate = mode === 'update' && fieldId > 0;
  const url = `${lowCodeApi.formField}/${fieldId}`;
  const locked = useLockedRecord(url, forUpdate, { domain: screen.id, recordId: fieldId, label: 'Form Field' });
  const lockedField = locked.record as FormFieldRecord | null;
  const failure = forUpdate && locked.failure ? (locked.failure instanceof ApiError ? locked.failure.message : noticeText('Read', 'error')) : readFailure;

  useEffect(() => {
    if (missingId || (forUpdate && !lockedField)) return;
    let live = true;
    (async () => {
      const field = forUpdate ? lockedField : fieldId > 0 ? await formApi.field(fieldId) : null;
      const form = await formApi.form(mode === 'update' ? field!.FormId : queryFormId);
      if (live) setLoaded({ form, field });
    })().catch((error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error'));
    });
    return () => { live = false; };
  }, [missingId, mode, fieldId, queryFormId, forUpdate, lockedField]);

  if (missingId) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!loaded) return <LoadingScreen />;

  const { form, field } = loaded;
  const today = todayIso();
  // A UDF is possible only on a form that allows them; the query's isudf cannot make one elsewhere.
  const udf = isUdf && form.CanHaveEav;
  const initial = mode === 'update' ? valuesOf(field!) : field ? copyOf(field, udf, today) : emptyValues(udf, today);
  const entry = routes.find((r) => r.Name === `${screen.id}.${mode}`);
  const title = entry?.Title ?? (mode === 'create' ? (udf ? 'Add User-Defined Field' : 'Add Field') : 'Update Field');
  const formUpdate = routes.find((r) => r.Name === 'forms.update')?.Url;
  // Back where the admin came from (the form's Fields tab); opened directly, to that tab.
  const done = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(formUpdate ? `${fillPath(formUpdate, { id: form.FormId })}?tab=fields` : '/home');
  };
  return (
    <>
    <FieldEditorForm
      key={`${mode}-${fieldId}-${form.FormId}`}
      mode={mode}
      form={form}
      field={mode === 'update' ? field : null}
      initial={initial}
      copy={mode === 'create' && field !== null}
      title={title}
      onDone={done}
      update={async (id, input) => {
        const saved = await locked.write<FormFieldRecord>('POST', `${lowCodeApi.formField}/${id}`, input);
        await locked.release();
        return saved;
      }}
      readOnlyMessage={forUpdate ? locked.readOnlyMessage : null}
    />
    {forUpdate && <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />}
    </>
  );
}
