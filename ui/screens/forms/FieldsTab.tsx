import { useEffect, useMemo, useState } from 'react';
import { Alert, Stack } from '@mui/material';
import type { FieldTypeOption } from '../../../engine/core/lowcode/api.ts';
import { useSession } from '../../stores/session.ts';
import { formApi, type FormRecord } from './form-api.ts';
import { fieldLinks } from './field-routes.ts';
import { FieldList } from './FieldList.tsx';

/** The Fields tab: the form's fields, and its user-defined fields when the form allows them. */
export function FieldsTab({ form }: { form: FormRecord }) {
  const routes = useSession((s) => s.routes);
  const links = useMemo(() => fieldLinks(routes ?? [], form.FormId), [routes, form.FormId]);
  const [types, setTypes] = useState<FieldTypeOption[]>([]);

  // Only the Type column's labels: without them the lists still work and show the type's key.
  useEffect(() => {
    let live = true;
    formApi.fieldTypes(false).then((loaded) => { if (live) setTypes(loaded); }, () => {});
    return () => { live = false; };
  }, []);
  const typeLabels = useMemo(() => new Map(types.map((t) => [t.Id, t.Name])), [types]);

  return (
    <Stack spacing={2}>
      <FieldList formId={form.FormId} udfs={false} title="Form Fields" typeLabels={typeLabels} links={links} />
      {form.CanHaveEav
        ? <FieldList formId={form.FormId} udfs title="User-Defined Fields" typeLabels={typeLabels} links={links} />
        : <Alert severity="info">This form does not allow user-defined fields. Turn on Can Have UDFs on the Form tab to add them.</Alert>}
    </Stack>
  );
}
