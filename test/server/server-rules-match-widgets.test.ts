import { describe, expect, it } from 'vitest';
import { defaultExtensions, fileMessages, imageExtensions } from '../../server/modules/files/rules.ts';
import { isSafeRichTextLink, richTextAttributes, richTextLinkSchemes, richTextTags } from '../../server/lib/rich-text.ts';
import { DEFAULT_EXTENSIONS, DEFAULT_MAX_FILE_SIZE_MB, IMAGE_EXTENSIONS } from '../../engine/widgets/file-uploader/logic.ts';
import { widgetMessages } from '../../engine/widgets/shared/messages.ts';
import { isSafeLinkUrl, RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../../engine/widgets/rich-text/logic.ts';
import { configFromEnv } from '../../server/config.ts';

// The server does not import the widget library (server -> engine/core only), so its copies are checked here.
describe('the server enforces what the widgets show', () => {
  it('the same extension lists and upload messages', () => {
    expect(defaultExtensions).toEqual(DEFAULT_EXTENSIONS);
    expect(imageExtensions).toEqual(IMAGE_EXTENSIONS);
    expect(fileMessages.fileType).toBe(widgetMessages.fileType);
    expect(fileMessages.fileSize).toBe(widgetMessages.fileSize);
    expect(fileMessages.fileRequired).toBe(widgetMessages.fileRequired);
  });

  it('the same default maximum file size (MAX_FILE_SIZE_MB, 1024)', () => {
    expect(configFromEnv({}).maxFileSizeMB).toBe(DEFAULT_MAX_FILE_SIZE_MB);
    expect(configFromEnv({ MAX_FILE_SIZE_MB: '50' }).maxFileSizeMB).toBe(50);
    expect(() => configFromEnv({ MAX_FILE_SIZE_MB: '0' })).toThrow('MAX_FILE_SIZE_MB must be a whole number of at least 1');
  });

  it('the same rich-text tags and attributes', () => {
    expect(richTextTags).toEqual(RICH_TEXT_TAGS);
    expect(richTextAttributes).toEqual(RICH_TEXT_ATTRIBUTES);
    expect(richTextLinkSchemes).toEqual(RICH_TEXT_LINK_SCHEMES);
  });

  it('the same links accepted: absolute http(s) and mailto: only', () => {
    const links = ['https://example.org/a?b#c', 'http://x.y', ' mailto:ada@example.org ', 'javascript:alert(1)', 'JAVASCRIPT:x', 'data:text/html,x', '/admin', '//evil.example', 'https://', 'ftp://x.y', 'vbscript:x'];
    expect(links.map(isSafeRichTextLink)).toEqual(links.map(isSafeLinkUrl));
    expect(links.map(isSafeLinkUrl)).toEqual([true, true, true, false, false, false, false, false, false, false, false]);
  });
});
