import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { formatEin, parseEin } from './logic.ts';

/** EIN input (ui:widget "ein"): stores the nine digits, shows 12-3456789. */
export function EinWidget(props: WidgetProps) {
  return <FormattedInput<string> {...props} parse={(t) => parseEin(t) || null} format={formatEin} editText={(v) => v ?? ''} inputMode="numeric" />;
}
