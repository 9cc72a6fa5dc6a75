import { Transform, type TransformCallback } from 'node:stream';

/**
 * What a file's first bytes say it is, so a renamed file (an .exe called .png) is refused: images must
 * carry their format's signature, PDFs '%PDF-', docx/xlsx a zip header, text files no NUL bytes. Old
 * Office names (doc, xls) also cover the RTF, HTML and CSV that programs save under them, so they may be
 * an OLE compound file or text. Returns the content type to keep, or null when the bytes do not match.
 */
export function sniffContentType(extension: string, head: Buffer): string | null {
  const starts = (...bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  const ole = () => starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
  const zip = () => starts(0x50, 0x4b, 0x03, 0x04);
  switch (extension) {
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff) ? 'image/jpeg' : null;
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ? 'image/png' : null;
    case 'gif':
      return starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61) ? 'image/gif' : null;
    case 'bmp':
      return starts(0x42, 0x4d) && head.length >= 26 ? 'image/bmp' : null;
    case 'tiff':
      return starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a) ? 'image/tiff' : null;
    case 'pdf':
      return head.subarray(0, 1024).includes('%PDF-') ? 'application/pdf' : null;
    case 'docx':
      return zip() ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' : null;
    case 'xlsx':
      return zip() ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : null;
    case 'doc':
      return ole() || isText(head) ? 'application/msword' : null;
    case 'xls':
      return ole() || isText(head) ? 'application/vnd.ms-excel' : null;
    case 'txt':
      return isText(head) ? 'text/plain' : null;
    case 'csv':
      return isText(head) ? 'text/csv' : null;
    default:
      return null;
  }
}

/** Text: no NUL byte, unless the text is UTF-16 and says so with its byte-order mark. */
function isText(head: Buffer): boolean {
  const utf16 = head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  return utf16 || !head.includes(0);
}

/** How many leading bytes the checks read. */
export const sniffBytes = 8192;

/** Raised by SniffStream when the first bytes are not what the extension says. */
export class WrongContentError extends Error {}

/**
 * Passes a file through unchanged once its first bytes have passed sniffContentType, so a renamed file is
 * refused after its first few kilobytes rather than after all of it has arrived. A file shorter than the
 * checked length is checked at its end; an empty one is left for the caller to refuse.
 */
export class SniffStream extends Transform {
  contentType: string | null = null;
  private head: Buffer[] = [];
  private size = 0;
  private checked = false;

  constructor(private readonly extension: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.checked) return callback(null, chunk);
    this.head.push(chunk);
    this.size += chunk.length;
    if (this.size < sniffBytes) return callback();
    callback(this.release());
  }

  override _flush(callback: TransformCallback): void {
    callback(this.checked || this.size === 0 ? null : this.release());
  }

  /** Checks the bytes held so far and lets them through, or answers the error. */
  private release(): Error | null {
    this.checked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    this.contentType = sniffContentType(this.extension, head.subarray(0, sniffBytes));
    if (!this.contentType) return new WrongContentError();
    this.push(head);
    return null;
  }
}
