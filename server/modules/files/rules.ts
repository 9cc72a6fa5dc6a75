import { defaultMessages, formatMessage } from '../../../engine/core/messages.ts';

/** Which upload a file came through (spec 3 section 7): documents with a name and description, images, the client logo. */
export type FileKind = 'file' | 'image' | 'clientlogo';

/** Spec 3 section 5: the extensions an ordinary upload accepts. */
export const defaultExtensions = ['docx', 'doc', 'pdf', 'xls', 'xlsx', 'txt', 'csv', 'jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp'];
/** Spec 3 section 5: the extensions an image upload (and the client logo) accepts. */
export const imageExtensions = ['jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp'];
/** Spec 1 section 5: the client logo is at most 1 MB. */
export const clientLogoMaxMB = 1;

/**
 * The specification's words (spec 3 section 5, spec 1 section 5), the same as the widget library shows
 * (engine/widgets/shared/messages.ts; a test keeps the two equal).
 */
export const fileMessages = {
  fileType: 'The file does not match one of the permitted file types. Permitted file types: {0}',
  fileSize: 'The file exceeds the maximum permitted file size. ({0} MB)',
  logoSize: 'The image exceeds the maximum permitted file size. ({0} MB)',
  fileRequired: 'Please select a file to upload.',
  emptyFile: 'The file is empty.',
  oneFile: 'Only one file can be uploaded at a time.',
  /** No wording in the specification: said in the same form as its size message. */
  quota: 'The file exceeds your upload quota: your files may hold at most {0} MB together.',
  textMaximum: defaultMessages.textMaximum,
} as const;

/** The extensions a kind accepts. */
export function extensionsFor(kind: FileKind): string[] {
  return kind === 'file' ? defaultExtensions : imageExtensions;
}

/** The size limit of a kind in MB: the global maximum, and for the client logo 1 MB within it. */
export function maxSizeMBFor(kind: FileKind, globalMaxMB: number): number {
  return kind === 'clientlogo' ? Math.min(clientLogoMaxMB, globalMaxMB) : globalMaxMB;
}

export function typeMessage(kind: FileKind): string {
  return formatMessage(fileMessages.fileType, extensionsFor(kind).join(', '));
}

export function sizeMessage(kind: FileKind, maxMB: number): string {
  return formatMessage(kind === 'clientlogo' ? fileMessages.logoSize : fileMessages.fileSize, maxMB);
}

/**
 * The name a user's file had, as metadata only: the last segment of any path it carries, without
 * control characters, at most 255 characters (keeping the extension). Never used as a path.
 */
export function cleanUserFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 255) return clean;
  const ext = extensionOf(clean);
  return ext && ext.length < 20 ? `${clean.slice(0, 254 - ext.length)}.${ext}` : clean.slice(0, 255);
}

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The stored names the server chooses: 32 random hex digits and the extension. Anything else is not a stored file. */
export const storedNamePattern = '^[0-9a-f]{32}\\.(docx|doc|pdf|xls|xlsx|txt|csv|jpeg|jpg|png|tiff|gif|bmp)$';
