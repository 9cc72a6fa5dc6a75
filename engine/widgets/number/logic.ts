import { readNumberText } from '../shared/number-text.ts';
import { isFiniteNumber, type TextCodec } from '../shared/typed-text.ts';

/**
 * A plain number's reading and display: '1234.5', '-7', '.5', and pasted '1,234.50' read as the number; a letter,
 * a second point or a misplaced comma is invalid. Shown as the number itself once left ('1,234.50' becomes 1234.5):
 * a number field has no unit to format with, and whether an integer is a count or a code is not known here.
 */
export const numberCodec: TextCodec<number> = {
  read: (text) => readNumberText(text),
  format: (value) => String(value),
  accepts: isFiniteNumber,
};
