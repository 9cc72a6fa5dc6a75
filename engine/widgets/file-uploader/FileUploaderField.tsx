import { useId, useState } from 'react';
import { Alert, Box, Button, FormLabel, IconButton, List, ListItem, ListItemText } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import type { FieldProps } from '@rjsf/utils';
import { useWidgetData, type UploadedFile } from '../data-context.tsx';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import { activeFiles, canAddFile, removeFile, uploadedRecord, type FileUploaderOptions, type UploaderMode } from './logic.ts';
import { UploadPanel } from './UploadPanel.tsx';
import type { WidgetFormContext } from '../shared/async-validator.ts';

/**
 * File uploader (ui:field "fileUploader") over a list of uploaded files: the active files with
 * download, change and remove, and an upload panel. ui:options: extensions, maxFileSizeMB (capped
 * by the server's maximum), maxUploads (counted over active files).
 */
export function FileUploaderField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly } = props;
  const options = fieldOptions<FileUploaderOptions>(props.uiSchema);
  const data = useWidgetData();
  const [mode, setMode] = useState<UploaderMode>('list');
  const [editing, setEditing] = useState<UploadedFile | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const labelId = useId();
  const files: UploadedFile[] = Array.isArray(formData) ? formData : [];
  const set = (next: UploadedFile[]) => onChange(next, fieldPathId.path);
  const locked = disabled || readonly;

  const download = async (f: UploadedFile) => {
    setReadFailed(false);
    try {
      // The server is asked first whether it still has the file, so a missing one is reported, not a broken download.
      if (!(await data.verifyFile(f.FileName))) throw new Error('missing');
      await data.downloadFile(f.FileName, f.UserFileName);
    } catch (error) {
      setReadFailed(true);
      data.notify?.('UploadRead', error);
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{fieldLabel(props)}</FormLabel>
      {mode === 'list' && (
        <>
          <List dense aria-labelledby={labelId}>
            {activeFiles(files).map((f) => (
              <ListItem
                key={f.FileName}
                secondaryAction={
                  <>
                    <IconButton aria-label={`Download ${f.Name}`} onClick={() => download(f)}><Download fontSize="small" /></IconButton>
                    <IconButton aria-label={`Change ${f.Name}`} disabled={locked} onClick={() => { setEditing(f); setMode('upload'); }}><Edit fontSize="small" /></IconButton>
                    <IconButton aria-label={`Remove ${f.Name}`} disabled={locked} onClick={() => set(removeFile(files, f.FileName))}><Delete fontSize="small" /></IconButton>
                  </>
                }
              >
                <ListItemText primary={f.Name} secondary={[f.Description.trim(), f.UserFileName].filter(Boolean).join(' · ')} />
              </ListItem>
            ))}
          </List>
          {readFailed && <Alert severity="error">The file could not be read.</Alert>}
          <Button disabled={locked || !canAddFile(files, options.maxUploads)} onClick={() => { setEditing(null); setMode('upload'); }}>
            Add File
          </Button>
        </>
      )}
      {mode === 'upload' && (
        <UploadPanel
          idPrefix={fieldPathId.$id}
          kind="file"
          options={options}
          globalMaxMB={data.maxFileSizeMB}
          target={(props.registry.formContext as WidgetFormContext | undefined)?.uploadTarget}
          existing={files}
          mode={editing ? 'edit' : 'add'}
          initial={editing ? { name: editing.Name, description: editing.Description.trim() } : undefined}
          onCancel={() => setMode('list')}
          onUploaded={(stored, name, description) => {
            const record = uploadedRecord(stored, name, description);
            // Changing a file retires the old record and adds the new one.
            set([...(editing ? removeFile(files, editing.FileName) : files), record]);
            setMode('list');
          }}
        />
      )}
    </Box>
  );
}
