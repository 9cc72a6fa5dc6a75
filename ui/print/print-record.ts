import { api } from '../api/api.ts';
import { fetchWithSession, saveBlob } from '../api/download.ts';

/** What POST {record}/print answers: the names to download the PDF by. */
export interface PrintedFile {
  FileName: string;
  UserFileName: string;
}

/** The download of a printed record (server/modules/print): only the session that made it may fetch it. */
export const printDownloadPath = '/api/print/download';

/** The browser's time zone, so the PDF's dates read as the screen's do. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Makes the record's PDF on the server (spec 2 "Print": POST with fileType=print). */
export function makePrint(recordUrl: string): Promise<PrintedFile> {
  const timeZone = browserTimeZone();
  return api.post<PrintedFile>(`${recordUrl}/print`, { fileType: 'print', ...(timeZone ? { timeZone } : {}) });
}

/**
 * Downloads the made file by fileName and userFileName. The session's token travels in a header, which a frame or a
 * plain link cannot send: the bytes are fetched with it and handed to the browser through a link with the download
 * attribute, as the widgets' file downloads are.
 */
export async function downloadPrint({ FileName, UserFileName }: PrintedFile): Promise<void> {
  const url = `${printDownloadPath}?${new URLSearchParams({ fileName: FileName, userFileName: UserFileName }).toString()}`;
  saveBlob(await (await fetchWithSession(url)).blob(), UserFileName);
}

/** Print: make the PDF, then download it. */
export async function printRecord(recordUrl: string): Promise<void> {
  await downloadPrint(await makePrint(recordUrl));
}
