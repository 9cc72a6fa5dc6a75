import { conditionHolds } from './conditions.ts';
import { applyCopyRule } from './copy-rule.ts';
import { setPath } from './path.ts';
import type { Effect, Rule, RulesOutcome, WhenRule } from './types.ts';

type Flags = Omit<RulesOutcome, 'formData'>;

/** Adds the fields to one set and takes them out of its opposite (which may be none). */
function mark(fields: string[] | undefined, into: Set<string> | null, outOf: Set<string> | null): void {
  for (const field of fields ?? []) {
    into?.add(field);
    outOf?.delete(field);
  }
}

/** The lasting effects: a later rule overrides an earlier one for the same field. */
function applyStates(effect: Effect, flags: Flags): void {
  mark(effect.hide, flags.hidden, null);
  mark(effect.show, null, flags.hidden);
  mark(effect.disable, flags.disabled, null);
  mark(effect.enable, null, flags.disabled);
  mark(effect.require, flags.required, flags.optional);
  mark(effect.optional, flags.optional, flags.required);
}

/** The one-time effects, on entering a branch. */
function applyEntry<T>(effect: Effect, data: T): T {
  let next = data;
  for (const field of effect.clear ?? []) next = setPath(next, field, undefined);
  for (const [field, value] of Object.entries(effect.set ?? {})) next = setPath(next, field, value);
  return next;
}

/**
 * Runs a screen's rules over the form's values. Copy rules run first (conditions see the copied
 * values), then the when-rules in order, each seeing the values the rules before it left.
 * `previousFormData` is the form before this change (undefined on first render: then nothing is
 * copied, cleared or set, so loaded values stay); `touchedFields` are the fields the user edited.
 * Pure: the input objects are not changed.
 */
export function evaluateRules<T extends object>(
  rules: readonly Rule[],
  formData: T,
  previousFormData?: T,
  touchedFields: Iterable<string> = [],
): RulesOutcome<T> {
  const touched = new Set(touchedFields);
  const flags: Flags = { hidden: new Set(), disabled: new Set(), required: new Set(), optional: new Set() };
  let data = formData;
  for (const rule of rules) if ('copy' in rule) data = applyCopyRule(rule, data, previousFormData, touched);
  for (const rule of rules.filter((r): r is WhenRule => 'when' in r)) {
    const holds = conditionHolds(rule.when, data);
    const effects = (holds ? rule.then : rule.else) ?? [];
    const entered = previousFormData !== undefined && conditionHolds(rule.when, previousFormData) !== holds;
    for (const effect of effects) {
      applyStates(effect, flags);
      if (entered) data = applyEntry(effect, data);
    }
  }
  return { formData: data, ...flags };
}
