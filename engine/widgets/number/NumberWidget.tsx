import type { WidgetProps } from '@rjsf/utils';
import { FormattedInput } from '../shared/FormattedInput.tsx';
import { numberCodec } from './logic.ts';

/** Whether a schema's value is a number (or an integer), alone or beside null. */
export function isNumberSchema(schema: { type?: unknown }): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('number') || types.includes('integer');
}

/**
 * The input of number and integer fields drawn with the text widget (RJSF's default for numbers): a text input, not
 * the browser's number input, which drops pasted '1,234.50' silently, changes the value under the mouse wheel and
 * gives no way to keep a typo in sight. Integer-ness and bounds are the schema's to check.
 */
export function NumberWidget(props: WidgetProps) {
  const integer = [props.schema.type].flat().includes('integer');
  return <FormattedInput<number> {...props} codec={numberCodec} inputMode={integer ? 'numeric' : 'decimal'} />;
}
