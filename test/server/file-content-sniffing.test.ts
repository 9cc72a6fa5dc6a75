import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { SniffStream, WrongContentError, sniffContentType } from '../../server/modules/files/sniff.ts';
import { samples } from './multipart.ts';

async function through(extension: string, chunks: Buffer[]) {
  const out: Buffer[] = [];
  const sniff = new SniffStream(extension);
  await pipeline(Readable.from(chunks), sniff, new Writable({ write(c, _e, cb) { out.push(c); cb(); } }));
  return { bytes: Buffer.concat(out), contentType: sniff.contentType };
}

describe('content sniffing: the first bytes must be what the extension says', () => {
  it('knows each permitted type by its signature', () => {
    expect(sniffContentType('png', samples.png)).toBe('image/png');
    expect(sniffContentType('jpg', samples.jpeg)).toBe('image/jpeg');
    expect(sniffContentType('gif', samples.gif)).toBe('image/gif');
    expect(sniffContentType('tiff', Buffer.from([0x49, 0x49, 0x2a, 0x00, 1, 2]))).toBe('image/tiff');
    expect(sniffContentType('bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]))).toBe('image/bmp');
    expect(sniffContentType('pdf', samples.pdf)).toBe('application/pdf');
    expect(sniffContentType('xlsx', samples.docx)).toMatch(/spreadsheetml/);
    expect(sniffContentType('doc', Buffer.from('{\\rtf1 saved as doc}'))).toBe('application/msword');
    expect(sniffContentType('csv', Buffer.from('a,b\n1,2\n'))).toBe('text/csv');
    expect(sniffContentType('txt', Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe('text/plain');
  });

  it('refuses a program under any permitted name', () => {
    for (const ext of ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'pdf', 'docx', 'xlsx', 'doc', 'xls', 'txt', 'csv']) {
      expect(sniffContentType(ext, samples.exe), ext).toBeNull();
    }
    expect(sniffContentType('exe', samples.exe)).toBeNull();
  });

  it('passes a file through unchanged however it is cut into chunks, short files included', async () => {
    const big = Buffer.concat([samples.png, Buffer.alloc(20_000, 3)]);
    const oneByOne = [...big.subarray(0, 20)].map((b) => Buffer.from([b]));
    const result = await through('png', [...oneByOne, big.subarray(20)]);
    expect(result.bytes.equals(big)).toBe(true);
    expect(result.contentType).toBe('image/png');
    expect((await through('txt', [Buffer.from('short')])).bytes.toString()).toBe('short');
    expect((await through('png', [])).bytes.length).toBe(0);
  });

  it('stops at the first bytes of a renamed file', async () => {
    await expect(through('png', [samples.exe, Buffer.alloc(100_000)])).rejects.toBeInstanceOf(WrongContentError);
  });
});
