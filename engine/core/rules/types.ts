/**
 * Declarative form rules of a screen document (schema: rules.schema.json). Field names are
 * property names, or dotted paths into nested objects ('Address.Country.Name').
 */

/** A test of the form's current values. */
export type Condition =
  | { field: string; equals: unknown }
  | { field: string; notEquals: unknown }
  | { field: string; in: unknown[] }
  /** truthy: true holds for a value JavaScript counts as true (an empty list does not); false for the opposite. */
  | { field: string; truthy: boolean }
  /** empty: true holds for undefined, null, blank text or an empty list; false for the opposite. */
  | { field: string; empty: boolean }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

/**
 * What a rule does to fields. show/hide, enable/disable and require/optional hold while the rule's
 * branch holds; clear (remove the values) and set (give values) happen once, when the branch is
 * entered, so a field cleared on entry can be typed into afterwards.
 */
export interface Effect {
  show?: string[];
  hide?: string[];
  enable?: string[];
  disable?: string[];
  require?: string[];
  optional?: string[];
  clear?: string[];
  set?: Record<string, unknown>;
}

/** If `when` holds, the `then` effects apply, otherwise the `else` effects. */
export interface WhenRule {
  when: Condition;
  then: Effect[];
  else?: Effect[];
}

/**
 * Field `to` follows field `from` until the user makes it different: when `from` changes, `to`
 * takes its value if `to` still held the old value of `from`, or was left empty and untouched.
 */
export interface CopyRule {
  copy: { from: string; to: string };
}

export type Rule = WhenRule | CopyRule;

/** What the form shows after the rules: the values, and the fields whose state the rules decided. */
export interface RulesOutcome<T = Record<string, unknown>> {
  formData: T;
  hidden: Set<string>;
  disabled: Set<string>;
  /** Fields a rule makes required. */
  required: Set<string>;
  /** Fields a rule makes optional, even if the schema requires them. */
  optional: Set<string>;
}
