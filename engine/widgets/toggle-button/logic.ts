import type { WidgetRule } from '../shared/types.ts';

/** A toggle is on or off: there is nothing to check; what it opens is checked by the form's rules. */
export const toggleButtonRule: WidgetRule<boolean | undefined> = () => [];
