/**
 * The default message catalogue of the specification (spec 1 section 5, spec 3 "Form widget defaults").
 * Placeholders: {0} is the field's label, {1} the rule's value. Browser and server format through here,
 * so the same input gives the same words on both sides.
 */
export const defaultMessages = {
  required: '{0} is required.',
  minLength: 'Must be at least {1} character(s) long.',
  maxLength: 'Must be no more than {1} character(s) long.',
  lessThan: 'Must be less than {1}.',
  lessThanOrEqualTo: 'Must be less than or equal to {1}.',
  greaterThan: 'Must be greater than {1}.',
  greaterThanOrEqualTo: 'Must be greater than or equal to {1}.',
  pattern: 'Must be a valid {1}.',
  equalTo: 'Must equal {1}.',
  notEqualTo: 'Must not equal {1}.',
  minSelections: 'Must select at least {1} item(s).',
  maxSelections: 'Can only select up to {1} item(s).',
  minFiles: 'Must upload at least {0} files.',
  maxFiles: 'Can only upload up to {0} file(s).',
  fileSize: 'File size must not be larger than {0} MB.',
  fileExtension: 'Allowed File Extension(s): {0}',
  totalMax: 'Total must not exceed {1}.',
  totalEqual: 'Total must equal {1}.',
  minMax: 'Minimum value must be less than maximum value.',
  date: '{0} is not a valid date.',
  nonPublicPage: 'At least one Non Public page must be selected.',
  decimalPlaces: 'Must have {1} or fewer digits to the right of the decimal.',
  uniqueUserName: 'An user with the same User Name already exists.',
  textMaximum: 'You have exceeded the maximum character length allowable for this field.',
  noId: 'No id was provided.',
  loading: 'Loading, please wait...',
  // Not worded by the specification: our words for rules it states without a message.
  utcDate: '{0} must be sent as a UTC date and time (ending in Z, +00:00 or -00:00).',
  notSpecified: 'Not Specified',
  deactivatedOn: 'Deactivated on {0}',
  lastUpdatedOn: 'Last updated on {0}',
  createdOn: 'Created on {0}',
  byUser: '{0} by {1}',
  timeOfDayOrder: 'The start must occur before the end.',
} as const;

export type MessageKey = keyof typeof defaultMessages;

/** Fills {0}, {1}, ... from args; a missing argument leaves the placeholder visible rather than "undefined". */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** A catalogue message with configured overrides taking precedence over the defaults. */
export function message(
  key: MessageKey,
  args: Array<string | number> = [],
  overrides: Partial<Record<MessageKey, string>> = {},
): string {
  return formatMessage(overrides[key] ?? defaultMessages[key], ...args);
}
