import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AppTheme } from '../../ui/theme.tsx';
import { FormHarness, type FormHarnessProps } from '../../stories/widgets/support/FormHarness.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';

/** Renders a control inside the product's RJSF form with instant fake server calls; returns the data spy. */
export function renderForm(props: FormHarnessProps) {
  const onDataChange = vi.fn();
  const utils = render(
    <AppTheme>
      <FormHarness dataSource={createFakeDataSource()} onDataChange={onDataChange} {...props} />
    </AppTheme>,
  );
  /** The most recent form data. */
  const lastData = () => onDataChange.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined;
  return { ...utils, onDataChange, lastData };
}
