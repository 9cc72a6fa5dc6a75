import { useState } from 'react';
import { useWidgetData, type UploadedFile, type UploadKind, type UploadTarget } from '../data-context.tsx';

/** The state of one upload: progress 0..1 while running, and whether the last one failed. */
export interface UploadState {
  uploading: boolean;
  progress: number;
  failed: boolean;
  upload: (file: File, meta: { kind: UploadKind; name?: string; description?: string } & UploadTarget) => Promise<UploadedFile | null>;
}

/** Runs uploads through the data source, tracking progress; a failure raises the 'UploadCreate' notice. */
export function useUpload(): UploadState {
  const data = useWidgetData();
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  const upload: UploadState['upload'] = async (file, meta) => {
    setUploading(true);
    setFailed(false);
    setProgress(0);
    try {
      return await data.uploadFile(file, meta, setProgress);
    } catch (error) {
      setFailed(true);
      data.notify?.('UploadCreate', error);
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { uploading, progress, failed, upload };
}
