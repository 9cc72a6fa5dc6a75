import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { phoneCodec } from './logic.ts';

/** Phone input (ui:widget "phone"): stores digits only, shows (xxx) xxx-xxxx or 1 (xxx) xxx-xxxx once left. */
export function PhoneWidget(props: WidgetProps) {
  return <FormattedInput<string> {...props} codec={phoneCodec} inputMode="tel" />;
}
