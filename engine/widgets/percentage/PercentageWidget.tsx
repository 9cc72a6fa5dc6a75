import type { WidgetProps } from '@rjsf/utils';
import { currencyEditText } from '../currency/logic.ts';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { formatPercentage, parsePercentage, PERCENT_DECIMALS } from './logic.ts';

/** Percentage input (ui:widget "percentage"): a number, shown with two decimals (ui:options.decimals) and ' %'. */
export function PercentageWidget(props: WidgetProps) {
  const decimals = (props.options.decimals as number | undefined) ?? PERCENT_DECIMALS;
  return (
    <FormattedInput<number>
      {...props}
      parse={parsePercentage}
      format={(v) => formatPercentage(v, decimals)}
      editText={currencyEditText}
      inputMode="decimal"
    />
  );
}
