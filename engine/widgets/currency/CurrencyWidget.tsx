import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { currencyEditText, formatCurrency, parseAmount } from './logic.ts';

/** Currency input (ui:widget "currency"): a number, shown as USD ($1,234.50; negatives in parentheses). */
export function CurrencyWidget(props: WidgetProps) {
  const currency = (props.options.currency as string | undefined) ?? 'USD';
  return (
    <FormattedInput<number>
      {...props}
      parse={parseAmount}
      format={(v) => formatCurrency(v, currency)}
      editText={currencyEditText}
      inputMode="decimal"
    />
  );
}
