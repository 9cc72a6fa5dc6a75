import { selectRule } from './select/logic.ts';
import type { WidgetRule } from './shared/types.ts';

/** Each library control's validation rule, by its registry name. */
export const widgetRules: Record<string, WidgetRule> = {
  select: selectRule,
};
