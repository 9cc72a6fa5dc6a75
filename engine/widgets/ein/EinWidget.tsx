import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { einCodec } from './logic.ts';

/** EIN input (ui:widget "ein"): stores the nine digits, shows 12-3456789 once left. */
export function EinWidget(props: WidgetProps) {
  return <FormattedInput<string> {...props} codec={einCodec} inputMode="numeric" />;
}
