import { useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import type { UploadedFile, UploadKind, UploadTarget } from '../data-context.tsx';
import { TEXT_MAX_LENGTH } from '../text/logic.ts';
import { allowedExtensions, canUpload, fileErrors, type FileUploaderOptions } from './logic.ts';
import { useUpload } from './useUpload.ts';

/** Props of the upload panel: what the field allows, the files it has, and where the result goes. */
export interface UploadPanelProps {
  idPrefix: string;
  kind: UploadKind;
  options: FileUploaderOptions;
  globalMaxMB: number;
  existing: UploadedFile[];
  mode: 'add' | 'edit';
  initial?: { name: string; description: string };
  onUploaded: (stored: UploadedFile, name: string, description: string) => void;
  onCancel: () => void;
  /** What the upload is for (the form's screen module and record), from the form's context. */
  target?: UploadTarget;
}

/**
 * The upload panel: choose a file (name and description for ordinary files), see why it is refused,
 * upload with progress. Upload is disabled while the choice is invalid or an upload runs.
 */
export function UploadPanel({ idPrefix, kind, options, globalMaxMB, existing, mode, initial, onUploaded, onCancel, target }: UploadPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [touched, setTouched] = useState(false);
  const { uploading, progress, failed, upload } = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const errors = fileErrors(file, options, globalMaxMB, existing, mode === 'edit' ? 'edit' : 'add');
  const needsFile = mode === 'add' || file !== null;
  const shownErrors = touched || file ? errors : [];
  const extensions = allowedExtensions(options);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="form" aria-label={mode === 'add' ? 'Upload File' : 'Change File'}>
      <Stack spacing={2}>
        <Box>
          {/* The native input stays hidden; a real button opens it, so Tab and Enter work as anywhere else. */}
          <input
            ref={input}
            type="file"
            hidden
            tabIndex={-1}
            aria-label="File"
            accept={extensions.map((e) => `.${e}`).join(',')}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setTouched(true);
            }}
          />
          <Button variant="outlined" aria-describedby={`${idPrefix}_chosen`} onClick={() => input.current?.click()}>Choose File</Button>
          <Typography id={`${idPrefix}_chosen`} component="span" sx={{ ml: 1 }}>{file?.name ?? 'No file chosen'}</Typography>
        </Box>
        {kind === 'file' && (
          <>
            <TextField id={`${idPrefix}_name`} label="Name" value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }} />
            <TextField id={`${idPrefix}_description`} label="Description" value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }} />
          </>
        )}
        {shownErrors.map((m) => <Alert key={m} severity="error">{m}</Alert>)}
        {failed && <Alert severity="error">The upload failed.</Alert>}
        {uploading && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!canUpload(needsFile ? errors : [], uploading) || (mode === 'edit' && !file)}
            onClick={async () => {
              setTouched(true);
              if (!file || errors.length) return;
              const stored = await upload(file, { kind, name, description, ...target });
              if (stored) onUploaded(stored, name, description);
            }}
          >
            Upload
          </Button>
          <Button onClick={onCancel} disabled={uploading}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
