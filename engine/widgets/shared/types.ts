/** A lookup option as the server sends it (spec 3 "Shared widget data shapes"). Id -1 is the placeholder. */
export interface SelectOption {
  Id: number;
  Name: string;
  isChecked?: boolean;
  IsLocked?: boolean;
  /** The option carries a free-text "specify more" answer when checked (e.g. 'Other'). */
  HasSpecifyMore?: boolean;
  /** The heading the option is listed under (options of one group come together, in the order given). */
  Group?: string;
  /** A second line saying what choosing the option means (a menu link's module: what it opens). */
  Hint?: string;
}

/** The placeholder option's Id. */
export const PLACEHOLDER_ID = -1;

/** The context every validation rule gets: the field's label, whether it is required, and its ui:options. */
export interface RuleContext<O = Record<string, unknown>> {
  label: string;
  required: boolean;
  options: O;
}

/**
 * The errors of one control: a list for the control itself, or, for controls made of parts (an
 * address), a map from part name to its list ('' for the control itself).
 */
export type RuleResult = string[] | Record<string, string[]>;

/** A validation rule of one control: the error messages for a value, empty when valid. */
export type WidgetRule<V = any, O = any> = (value: V, context: RuleContext<O>) => RuleResult;
