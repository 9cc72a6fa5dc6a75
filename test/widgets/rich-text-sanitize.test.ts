// @vitest-environment jsdom
// happy-dom's tree walking drops DOMPurify's removals; jsdom behaves like a browser here.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../engine/widgets/rich-text/sanitize.ts';

describe('rich text is sanitised on the client', () => {
  it('removes scripts and event handlers and keeps formatting', () => {
    const clean = sanitizeRichText('<p onclick="x()"><b>a</b><script>alert(1)</script><img src=x onerror=y></p>');
    expect(clean).toBe('<p><b>a</b></p>');
  });
  it('keeps links without javascript: addresses', () => {
    expect(sanitizeRichText('<a href="https://example.org">x</a>')).toBe('<a href="https://example.org">x</a>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });
});
