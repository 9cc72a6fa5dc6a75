/** The three state flags a rule may set on a control (spec 2 section 9). */
export type WidgetFlag = 'visible' | 'enabled' | 'required';

/** A control's flags; all default to the ordinary state of a shown, usable, optional field. */
export type WidgetFlags = Record<WidgetFlag, boolean>;

/** The flags of a control nobody has touched. */
export const defaultFlags: WidgetFlags = { visible: true, enabled: true, required: false };

/**
 * Returns the flags with one flag changed. Only a real boolean is accepted: a truthy string such as
 * 'false' silently enabling a field is exactly the mistake the specification forbids.
 */
export function setWidgetFlag(flags: WidgetFlags, flag: WidgetFlag, value: unknown): WidgetFlags {
  if (!(flag in defaultFlags)) throw new Error(`Unknown widget flag: ${String(flag)}`);
  if (typeof value !== 'boolean') {
    throw new TypeError(`The ${flag} flag must be set with a boolean, got ${typeof value}.`);
  }
  return { ...flags, [flag]: value };
}
