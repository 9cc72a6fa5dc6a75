import type { ErrorObject } from 'ajv';
import { createAjv } from '../ajv.ts';
import { conditionFields } from './conditions.ts';
import rulesSchema from './rules.schema.json' with { type: 'json' };
import type { Rule } from './types.ts';

export { rulesSchema };

const validateRuleList = createAjv({ useDefaults: false }).compile(rulesSchema);

/** A fault in a rule list: where (a JSON pointer into the list) and what. */
export interface RuleFault {
  pointer: string;
  message: string;
}

const faultOf = (error: ErrorObject): RuleFault => ({ pointer: error.instancePath, message: error.message ?? 'is invalid' });

/** Every field a rule list reads or changes, for checking them against the screen's schema. */
export function ruleFields(rules: readonly Rule[]): string[] {
  const fields = rules.flatMap((rule) => {
    if ('copy' in rule) return [rule.copy.from, rule.copy.to];
    const effects = [...rule.then, ...(rule.else ?? [])];
    return [
      ...conditionFields(rule.when),
      ...effects.flatMap((e) => [e.show, e.hide, e.enable, e.disable, e.require, e.optional, e.clear].flatMap((f) => f ?? [])),
      ...effects.flatMap((e) => Object.keys(e.set ?? {})),
    ];
  });
  return [...new Set(fields)];
}

/**
 * The faults of a rule list: against rules.schema.json, and, given the form's field names,
 * every field a rule names that the form does not have (the first segment of a dotted path).
 */
export function ruleListFaults(rules: unknown, knownFields?: Iterable<string>): RuleFault[] {
  if (!validateRuleList(rules)) return (validateRuleList.errors ?? []).map(faultOf);
  if (!knownFields) return [];
  const known = new Set(knownFields);
  return ruleFields(rules as Rule[])
    .filter((field) => !known.has(field.split('.')[0]))
    .map((field) => ({ pointer: '', message: `names unknown field ${field}` }));
}
