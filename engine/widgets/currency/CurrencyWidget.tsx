import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { currencyCodec } from './logic.ts';

/** Currency input (ui:widget "currency"): a number, shown as USD ($1,234.50; negatives in parentheses) once left. */
export function CurrencyWidget(props: WidgetProps) {
  const currency = (props.options.currency as string | undefined) ?? 'USD';
  const codec = useMemo(() => currencyCodec(currency), [currency]);
  return <FormattedInput<number> {...props} codec={codec} inputMode="decimal" />;
}
