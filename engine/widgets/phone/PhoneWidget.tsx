import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { formatPhone, parsePhone } from './logic.ts';

/** Phone input (ui:widget "phone"): stores digits only, shows (xxx) xxx-xxxx or 1 (xxx) xxx-xxxx. */
export function PhoneWidget(props: WidgetProps) {
  return <FormattedInput<string> {...props} parse={(t) => parsePhone(t) || null} format={formatPhone} editText={(v) => v ?? ''} inputMode="tel" />;
}
