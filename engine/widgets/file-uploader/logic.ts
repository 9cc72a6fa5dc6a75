import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';
import { widgetMessage, widgetMessages } from '../shared/messages.ts';
import type { UploadedFile } from '../data-context.tsx';

/** The extensions a file upload accepts by default. */
export const DEFAULT_EXTENSIONS = ['docx', 'doc', 'pdf', 'xls', 'xlsx', 'txt', 'csv', 'jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp'];
/** The extensions an image upload accepts. */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp'];
/** The default size limit when neither the field nor the server says otherwise. */
export const DEFAULT_MAX_FILE_SIZE_MB = 1024;
/** The client logo's own limit (spec 1 "Application settings": at most 1 file of 1 MB). */
export const CLIENT_LOGO_MAX_FILE_SIZE_MB = 1;

/** ui:options of the file uploader. */
export interface FileUploaderOptions {
  /** 'file' (default) or 'image'; 'clientlogo' for the client logo. */
  uploadType?: 'file' | 'image' | 'clientlogo';
  extensions?: string[];
  maxFileSizeMB?: number;
  maxUploads?: number;
}

/** The uploader's two modes: adding (or changing) a file, and the list. */
export type UploaderMode = 'upload' | 'list';

/** The extensions in force: the field's own, else the image or default list. */
export function allowedExtensions(options: FileUploaderOptions): string[] {
  if (options.extensions?.length) return options.extensions.map((e) => e.replace(/^\./, '').toLowerCase());
  return options.uploadType === 'image' || options.uploadType === 'clientlogo' ? IMAGE_EXTENSIONS : DEFAULT_EXTENSIONS;
}

/** The size limit in MB: the field's maxFileSizeMB, never above the global maximum. */
export function effectiveMaxSizeMB(fieldMaxMB: number | undefined, globalMaxMB: number): number {
  return fieldMaxMB && fieldMaxMB > 0 ? Math.min(fieldMaxMB, globalMaxMB) : globalMaxMB;
}

/** The extension of a file name, lower case, without the dot. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Only active files count and are listed. */
export function activeFiles(files: readonly UploadedFile[] | undefined): UploadedFile[] {
  return (files ?? []).filter((f) => f.IsActive);
}

/** Whether another file may be added: active files below maxUploads (unset or 0: unlimited). */
export function canAddFile(files: readonly UploadedFile[] | undefined, maxUploads?: number): boolean {
  return !maxUploads || maxUploads <= 0 || activeFiles(files).length < maxUploads;
}

/** The limits one field puts on its files: the kind of upload they come through, extensions, size and count. */
export interface FieldFileLimits {
  kind: 'file' | 'image' | 'clientlogo';
  extensions: string[];
  maxMB: number;
  /** The size message: the client logo speaks of 'the image'. */
  sizeMessage: string;
  maxUploads?: number;
}

/**
 * A field's limits from its control and ui:options (spec 3 "File uploader", spec 1 "Logo"): the field's
 * extensions or its kind's list; its maxFileSizeMB (1 MB for the client logo) never above the global maximum.
 */
export function fieldFileLimits(control: 'fileUploader' | 'imageUpload', options: FileUploaderOptions, globalMaxMB: number): FieldFileLimits {
  const kind = control === 'fileUploader' ? 'file' : options.uploadType === 'clientlogo' ? 'clientlogo' : 'image';
  const logo = kind === 'clientlogo';
  const maxMB = effectiveMaxSizeMB(options.maxFileSizeMB ?? (logo ? CLIENT_LOGO_MAX_FILE_SIZE_MB : undefined), globalMaxMB);
  return {
    kind,
    extensions: allowedExtensions({ ...options, uploadType: kind }),
    maxMB,
    sizeMessage: widgetMessage(logo ? 'logoSize' : 'fileSize', maxMB),
    maxUploads: options.maxUploads,
  };
}

/** Whether a name and size keep a field's extension and size limits: the messages when they do not. */
function extensionAndSizeErrors(name: string, size: number, limits: FieldFileLimits): string[] {
  const errors: string[] = [];
  if (!limits.extensions.includes(extensionOf(name))) errors.push(widgetMessage('fileType', limits.extensions.join(', ')));
  if (size > limits.maxMB * 1024 * 1024) errors.push(limits.sizeMessage);
  return errors;
}

/**
 * The problems of a chosen file, in the specification's words: none chosen (in add mode), a type
 * not permitted, a size over the limit, or one upload too many.
 */
export function fileErrors(
  file: { name: string; size: number } | null,
  options: FileUploaderOptions,
  globalMaxMB: number,
  existing: readonly UploadedFile[] | undefined,
  mode: 'add' | 'edit' = 'add',
): string[] {
  if (!file) return mode === 'add' ? [widgetMessages.fileRequired] : [];
  const limits = fieldFileLimits(options.uploadType === 'image' || options.uploadType === 'clientlogo' ? 'imageUpload' : 'fileUploader', options, globalMaxMB);
  const errors = extensionAndSizeErrors(file.name, file.size, limits);
  if (mode === 'add' && !canAddFile(existing, options.maxUploads)) errors.push(widgetMessages.fileMaxUploads);
  return errors;
}

/** A stored file as the server knows it: missing when it has no record or no bytes on disk. */
export type StoredFileFacts = { missing: true } | { missing: false; kind: string; fileName: string; sizeBytes: number };

/**
 * Why a stored file may not be saved in a field (the server's check of a write): it is gone, came through
 * another kind of upload, or breaks the field's extension or size limit.
 */
export function storedFileErrors(file: StoredFileFacts, limits: FieldFileLimits): string[] {
  if (file.missing) return [widgetMessages.fileNotFound];
  if (file.kind !== limits.kind) return [widgetMessages.fileWrongKind];
  return extensionAndSizeErrors(file.fileName, file.sizeBytes, limits);
}

/** The record of a file just uploaded: the name defaults to the user's file name, the description to a single space. */
export function uploadedRecord(stored: UploadedFile, name?: string, description?: string): UploadedFile {
  return {
    ...stored,
    Name: name?.trim() ? name : stored.UserFileName,
    Description: description?.trim() ? description : ' ',
    IsActive: true,
  };
}

/** Removing a file keeps its record inactive, so the server can retire the stored file. */
export function removeFile(files: readonly UploadedFile[], fileName: string): UploadedFile[] {
  return files.map((f) => (f.FileName === fileName ? { ...f, IsActive: false } : f));
}

/** Upload is disabled while the form is invalid or an upload is in progress. */
export function canUpload(errors: readonly string[], uploading: boolean): boolean {
  return errors.length === 0 && !uploading;
}

/** The uploader in a form: required means at least one active file; over maxUploads gives the spec's message. */
export const fileUploaderRule: WidgetRule<UploadedFile[] | undefined, FileUploaderOptions> = (value, { label, required, options }) => {
  const count = activeFiles(value).length;
  if (required && count === 0) return [message('required', [label])];
  return options.maxUploads && options.maxUploads > 0 && count > options.maxUploads ? [widgetMessages.fileMaxUploads] : [];
};

/** An image field: required means an image is stored. */
export const imageUploadRule: WidgetRule<{ FileName?: string } | undefined> = (value, { label, required }) =>
  required && !value?.FileName ? [message('required', [label])] : [];
