import type { ErrorItem } from '../error-items.ts';
import { defaultMessages, formatMessage } from '../messages.ts';
import { patternNames, type AttributeDefinition, type FieldTypeDefinition } from './field-types.ts';

const typeWords: Record<AttributeDefinition['type'], string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'Yes or No',
  patternName: 'the name of a pattern',
  extensionList: 'a list of file extensions',
};

function hasType(definition: AttributeDefinition, value: unknown): boolean {
  switch (definition.type) {
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
    case 'string':
    case 'patternName': return typeof value === 'string';
    case 'extensionList': return Array.isArray(value) && value.every((e) => typeof e === 'string');
  }
}

/** The fault of one attribute value against its definition, or null. */
function valueFault(definition: AttributeDefinition, value: unknown): string | null {
  const { label } = definition;
  if (!hasType(definition, value)) return `${label} must be ${typeWords[definition.type]}.`;
  if (typeof value === 'number') {
    const { minimum, maximum } = definition;
    if ((minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) {
      if (maximum === undefined) return `${label} must be at least ${minimum}.`;
      if (minimum === undefined) return `${label} must be at most ${maximum}.`;
      return `${label} must be between ${minimum} and ${maximum}.`;
    }
  }
  if (typeof value === 'string' && definition.type === 'string' && definition.maximum !== undefined && value.length > definition.maximum) {
    return `${label} must be no more than ${definition.maximum} character(s) long.`;
  }
  if (definition.type === 'patternName' && value !== '' && !patternNames.includes(value as string)) {
    return `${label}: there is no pattern named '${String(value)}'. Choose one of: ${patternNames.join(', ')}.`;
  }
  if (definition.type === 'extensionList') {
    const bad = (value as string[]).find((e) => !/^\.?[A-Za-z0-9]{1,10}$/.test(e));
    if (bad !== undefined) return `${label}: '${bad}' is not a file extension (letters and digits, at most 10).`;
  }
  return null;
}

/** Pairs of attributes where the first must not exceed the second. */
const minMaxPairs: Array<[string, string]> = [
  ['minLength', 'maxLength'],
  ['minSelections', 'maxSelections'],
  ['min', 'max'],
];

/** The lower bound's attribute when the number bounds leave no value (greater than 5 and less than 3, or than 5), else null. */
function emptyNumberRange(values: Record<string, unknown>): string | null {
  const num = (name: string) => (typeof values[name] === 'number' ? (values[name] as number) : undefined);
  const lows = [['greaterThanOrEqualTo', false], ['greaterThan', true]] as const;
  const highs = [[num('lessThanOrEqualTo'), false], [num('lessThan'), true]] as const;
  for (const [lowName, lowOpen] of lows) {
    const low = num(lowName);
    for (const [high, highOpen] of highs) {
      if (low === undefined || high === undefined) continue;
      if (low > high || (low === high && (lowOpen || highOpen))) return lowName;
    }
  }
  return null;
}

/**
 * The faults of a field's attribute values against its type's attribute definitions, as error items
 * whose PropertyName is `AttributeValues.<name>` (under `prefix`): an unknown attribute, a value of
 * the wrong type or out of range, a pattern name that does not exist, a required attribute missing,
 * a minimum above its maximum. A null or absent value is "not set" (the default applies).
 */
export function attributeFaults(type: FieldTypeDefinition, values: Record<string, unknown>, prefix = 'AttributeValues'): ErrorItem[] {
  const faults: ErrorItem[] = [];
  const at = (name: string) => `${prefix}.${name}`;
  const byName = new Map(type.attributes.map((a) => [a.name, a]));
  for (const [name, value] of Object.entries(values)) {
    const definition = byName.get(name);
    if (!definition) {
      faults.push({ PropertyName: at(name), ErrorMessage: `Unknown attribute ${name} for the field type ${type.label}.`, ErrorCode: 'unknownAttribute' });
      continue;
    }
    if (value === null || value === undefined) continue;
    const fault = valueFault(definition, value);
    if (fault) faults.push({ PropertyName: at(name), ErrorMessage: fault, ErrorCode: 'attributeValue' });
  }
  for (const definition of type.attributes) {
    if (definition.required && (values[definition.name] === undefined || values[definition.name] === null)) {
      faults.push({ PropertyName: at(definition.name), ErrorMessage: formatMessage(defaultMessages.required, definition.label), ErrorCode: 'required' });
    }
  }
  if (faults.length) return faults;
  for (const [min, max] of minMaxPairs) {
    const low = values[min] ?? byName.get(min)?.default;
    const high = values[max] ?? byName.get(max)?.default;
    if (byName.has(min) && typeof low === 'number' && typeof high === 'number' && low > high) {
      faults.push({ PropertyName: at(min), ErrorMessage: defaultMessages.minMax, ErrorCode: 'minMax' });
    }
  }
  const emptyAt = emptyNumberRange(values);
  if (emptyAt) faults.push({ PropertyName: at(emptyAt), ErrorMessage: defaultMessages.minMax, ErrorCode: 'minMax' });
  return faults;
}
