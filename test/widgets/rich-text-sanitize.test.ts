// @vitest-environment jsdom
// happy-dom's tree walking drops DOMPurify's removals; jsdom behaves like a browser here.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../engine/widgets/rich-text/sanitize.ts';

describe('rich text is sanitised on the client', () => {
  it('removes scripts and event handlers and keeps formatting', () => {
    const clean = sanitizeRichText('<p onclick="x()"><b>a</b><script>alert(1)</script><img src=x onerror=y></p>');
    expect(clean).toBe('<p><b>a</b></p>');
  });
  it('keeps http(s) and mailto: links, each opening in a new tab without a handle on this one', () => {
    const rel = 'target="_blank" rel="noopener noreferrer nofollow"';
    expect(sanitizeRichText('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(`<a href="https://example.org" ${rel}>x</a>`);
    expect(sanitizeRichText('<a href="mailto:ada@example.org">x</a>')).toBe(`<a href="mailto:ada@example.org" ${rel}>x</a>`);
  });
  it('drops javascript:, data: and relative addresses, and the styles, classes and spans of pasted HTML', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="/admin">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<p class="MsoNormal" style="mso-margin-top-alt:auto"><span style="font-family:Calibri">Hi</span><o:p></o:p></p>')).toBe('<p>Hi</p>');
  });
});
