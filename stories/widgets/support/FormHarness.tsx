import { useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/mui';
import type { default as CoreForm } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { WidgetDataProvider, type WidgetDataSource } from '../../../engine/widgets/data-context.tsx';
import { fields, widgets } from '../../../engine/widgets/registry.ts';
import { createWidgetValidator } from '../../../engine/widgets/validation.ts';
import { createFakeDataSource } from './fake-data-source.ts';

/** Props of the story form: a schema with the control in it, as metadata would write it. */
export interface FormHarnessProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  disabled?: boolean;
  /** Validate on mount, so error stories show their messages at once. */
  showErrors?: boolean;
  dataSource?: WidgetDataSource;
  /** RJSF's formContext: named asynchronous validators, for example. */
  formContext?: Record<string, unknown>;
  /** Told every change of the form data (tests watch values through this). */
  onDataChange?: (data: unknown) => void;
}

const defaultSource = createFakeDataSource({ delayMs: 50 });

/** An RJSF form (MUI theme) with the widget library registered, the way every product form is built. */
export function FormHarness({ schema, uiSchema, formData, disabled, showErrors, dataSource = defaultSource, onDataChange, formContext }: FormHarnessProps) {
  const [data, setData] = useState(formData);
  const validate = useMemo(() => createWidgetValidator(schema), [schema]);
  const ref = useRef<CoreForm>(null);
  // Error stories show their messages without waiting for a change; async options load first.
  useEffect(() => {
    if (!showErrors) return;
    const timer = setTimeout(() => ref.current?.validateForm(), 150);
    return () => clearTimeout(timer);
  }, [showErrors]);
  return (
    <WidgetDataProvider source={dataSource}>
      <Form
        ref={ref}
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        disabled={disabled}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        fields={fields}
        customValidate={validate}
        liveValidate={showErrors ? 'onChange' : undefined}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => {
          setData(e.formData);
          onDataChange?.(e.formData);
        }}
        // Error stories validate on purpose; RJSF would otherwise log each failed validation.
        onError={() => undefined}
      />
    </WidgetDataProvider>
  );
}
