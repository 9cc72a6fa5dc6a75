import { randomBytes } from 'node:crypto';

/** An upload route's address naming the module whose screen the file is for (every upload names one). */
export const forModule = (url: string, module = 'ApplicationSettings') => `${url}${url.includes('?') ? '&' : '?'}module=${encodeURIComponent(module)}`;

/** One part of a multipart body: a field, or a file with its name and bytes. */
export type Part = { name: string; value: string } | { name: string; fileName: string; content: Buffer; contentType?: string };

/** A multipart/form-data body as a browser sends it, for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes that start like each format. */
export const samples = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), randomBytes(100)]),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  docx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(100)]),
  txt: Buffer.from('Plain words,\nand a second line.\n'),
  /** A Windows program: 'MZ', then the DOS header with its NUL bytes. */
  exe: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(200)]),
};
