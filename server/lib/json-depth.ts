/**
 * The deepest nesting of objects and arrays in JSON text, read in one pass without parsing (so a body
 * nested a million levels costs one loop, not a stack). Brackets inside strings do not count.
 * Stops counting once `limit` is passed: the caller only needs to know the text is too deep.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
