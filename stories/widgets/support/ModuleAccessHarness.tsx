import { useState } from 'react';
import { createFormValues } from '../../../engine/widgets/shared/form-values.ts';
import { FormHarness, type FormHarnessProps } from './FormHarness.tsx';

/** Props of the module access story form: the harness's, and the Id a copy starts from. */
export interface ModuleAccessHarnessProps extends FormHarnessProps {
  copyOfId?: number;
}

/**
 * The story form with the form's values in formContext, as the engine's FormScreen gives them: the module
 * access field reads its role's Id, or the user's roles, from there.
 */
export function ModuleAccessHarness({ copyOfId, onDataChange, formContext, ...props }: ModuleAccessHarnessProps) {
  const [formValues] = useState(() => createFormValues((props.formData ?? {}) as Record<string, unknown>));
  const [context] = useState(() => ({ ...formContext, formValues, copyOfId }));
  return (
    <FormHarness
      {...props}
      formContext={context}
      onDataChange={(data) => {
        formValues.set(data as Record<string, unknown>);
        onDataChange?.(data);
      }}
    />
  );
}
