import { formatMessage } from '../../core/messages.ts';

/**
 * The widget library's own texts (spec 3 sections 5 and 8), kept exactly as the specification words
 * them, misspellings included: screens and tests compare against these strings. Shared validation
 * messages ('{0} is required.', the text maximum, ...) come from the core catalogue instead.
 */
export const widgetMessages = {
  pleaseSelect: 'Please Select',
  pleaseSelectMany: 'Please Select...',
  nSelected: '{0} selected',
  selectionsRemaining: '{0} selection(s) remaining',
  selectManyMax: 'You have exceeded the maxiumum number of sections.',
  specifyOtherMax: 'You have exceeded the maxim number of permitted Other fields.',
  phoneListMax: 'You have exceeded the maxium number of permitted additonal items.',
  locationsMax: 'You have exceeded the maximum number of locations permitted.',
  startTyping: 'Start typing to search.',
  noResults: 'No results.',
  pleaseWait: 'Please Wait...',
  invalidCurrency: 'Invalid Currency',
  dateRangeLabel: 'Display Date Range',
  dateRangeOrder: 'The start date must be before the end date.',
  dateRangeOrderSameDay: 'The start date must be on or before the end date.',
  numberRangeRequired: 'The number range nust include at least one number.',
  fileType: 'The file does not match one of the permitted file types. Permitted file types: {0}',
  fileSize: 'The file exceeds the maximum permitted file size. ({0} MB)',
  logoSize: 'The image exceeds the maximum permitted file size. ({0} MB)',
  fileMaxUploads: 'You have exceeded the maxiumum number of file uploads.',
  fileRequired: 'Please select a file to upload.',
  // Not worded by the specification: a saved record names a stored file that is gone or came through another upload.
  fileNotFound: 'The file could not be found.',
  fileWrongKind: 'The file was not uploaded through this field.',
  missingAsyncValidator: 'MISSING ASYNC VALIDATOR FUNCTION',
  wizardEmpty: 'Please proceed to the "Create" tab to build your Work Plan...',
  startOver: 'Do you want to start this step over?',
} as const;

/** Key of a widget text. */
export type WidgetMessageKey = keyof typeof widgetMessages;

/** A widget text with its placeholders filled. */
export function widgetMessage(key: WidgetMessageKey, ...args: Array<string | number>): string {
  return formatMessage(widgetMessages[key], ...args);
}
