/**
 * A Content-Disposition header that cannot be used to inject headers or paths: a plain ASCII fallback
 * name (quotes, backslashes, control and non-ASCII characters replaced) and the exact name in RFC 5987
 * `filename*` form.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
