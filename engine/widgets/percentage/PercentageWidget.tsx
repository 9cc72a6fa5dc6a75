import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { percentageCodec, PERCENT_DECIMALS } from './logic.ts';

/** Percentage input (ui:widget "percentage"): a number, shown with two decimals (ui:options.decimals) and ' %' once left. */
export function PercentageWidget(props: WidgetProps) {
  const decimals = (props.options.decimals as number | undefined) ?? PERCENT_DECIMALS;
  const codec = useMemo(() => percentageCodec(decimals), [decimals]);
  return <FormattedInput<number> {...props} codec={codec} inputMode="decimal" />;
}
