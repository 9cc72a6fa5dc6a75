import { useEffect, useMemo, useRef, useState } from 'react';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isSafeLinkUrl, RICH_TEXT_LINK_REL, RICH_TEXT_LINK_TARGET } from './logic.ts';
import { sanitizeRichText } from './sanitize.ts';
import { pastedHtmlForEditor } from './paste.ts';

/**
 * The editor's schema is the allow-list: a mark or node it does not know is dropped on paste and on load, which is
 * what makes HTML from Word, LibreOffice and Google Docs come in as plain formatting. It holds only what the server
 * keeps (server/lib/rich-text.ts): paragraphs, h2/h3, bold, italic, underline, strike, lists, quotes, links, breaks.
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => isSafeLinkUrl(url),
      HTMLAttributes: { target: RICH_TEXT_LINK_TARGET, rel: RICH_TEXT_LINK_REL },
    },
  }),
];

/** The value the form gets from the editor's HTML: sanitised, and undefined for an empty editor (`<p></p>`). */
export function valueFromEditorHtml(html: string): string | undefined {
  const clean = sanitizeRichText(html);
  return clean === '' || /^(<p><\/p>)+$/.test(clean) ? undefined : clean;
}

interface RichTextEditorOptions {
  html: string;
  editable: boolean;
  attributes: Record<string, string>;
  onChange: (value: string | undefined) => void;
  onShortcutLink: () => void;
}

/**
 * A Tiptap editor bound to a form value. The value from outside (load, reset) is written into the editor only when it
 * differs from what the editor last handed on, so typing never loses the caret; writing it hands nothing on, so a
 * form that loads is not made dirty by the editor's normalising of the stored HTML.
 */
export function useRichTextEditor({ html, editable, attributes, onChange, onShortcutLink }: RichTextEditorOptions): Editor | null {
  const handedOn = useRef(html);
  const latest = useRef({ onChange, onShortcutLink });
  useEffect(() => {
    latest.current = { onChange, onShortcutLink };
  });
  // Options that stay equal between renders, so Tiptap does not reconfigure the editor on every keystroke.
  const [initialContent] = useState(() => sanitizeRichText(html));
  const attributesKey = JSON.stringify(attributes);
  const stableAttributes = useMemo(() => JSON.parse(attributesKey) as Record<string, string>, [attributesKey]);
  const editorProps = useMemo(() => ({
    attributes: stableAttributes,
    transformPastedHTML: pastedHtmlForEditor,
    handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        latest.current.onShortcutLink();
        return true;
      }
      return false;
    },
  }), [stableAttributes]);
  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialContent,
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const value = valueFromEditorHtml(changed.getHTML());
      handedOn.current = value ?? '';
      latest.current.onChange(value);
    },
  });

  useEffect(() => {
    if (!editor || html === handedOn.current) return;
    handedOn.current = html;
    if (valueFromEditorHtml(editor.getHTML()) === (html || undefined)) return;
    editor.commands.setContent(sanitizeRichText(html), { emitUpdate: false });
  }, [editor, html]);

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  return editor;
}
