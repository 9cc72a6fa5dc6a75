import { sameValue } from '../validation/operand.ts';
import { isBlank } from './conditions.ts';
import { getPath, setPath } from './path.ts';
import type { CopyRule } from './types.ts';

/**
 * Applies "`to` follows `from`" (spec 1: the user name follows the e-mail address; spec 2: the
 * report label follows the name). Only a change of `from` copies, and only while `to` still held
 * the old value of `from`, or is empty and the user never touched it: once the user types a
 * different value, or clears it themselves, it is theirs.
 */
export function applyCopyRule<T>(rule: CopyRule, data: T, previous: unknown, touched: ReadonlySet<string>): T {
  const { from, to } = rule.copy;
  if (previous === undefined) return data;
  const [oldSource, newSource] = [getPath(previous, from), getPath(data, from)];
  if (sameValue(oldSource, newSource)) return data;
  const oldTarget = getPath(previous, to);
  const following = (!isBlank(oldTarget) && sameValue(oldTarget, oldSource)) || (isBlank(oldTarget) && !touched.has(to));
  return following ? setPath(data, to, newSource) : data;
}
