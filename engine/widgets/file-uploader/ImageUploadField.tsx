import { useId, useState } from 'react';
import { Box, Button, FormLabel, Stack } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import { useWidgetData } from '../data-context.tsx';
import { fieldLabel, fieldOptions } from '../shared/label.ts';
import type { FileUploaderOptions } from './logic.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { useImageSource } from './useImageSource.ts';
import type { WidgetFormContext } from '../shared/async-validator.ts';

/** A stored image (spec 3 "Image"). */
export interface StoredImage { FileName: string; UserFileName: string }

/** The container the client logo is kept in, apart from other images. */
export const CLIENT_LOGO_CONTAINER = 'clientlogo';

/**
 * Image upload (ui:field "imageUpload"): shows the image, with Change Image and Remove Image.
 * ui:options.uploadType 'clientlogo' stores the client logo in its own container; other images
 * use their UserFileName as the container name, as the specification has it.
 */
export function ImageUploadField(props: FieldProps) {
  const { formData, onChange, fieldPathId, required, disabled, readonly } = props;
  const options = fieldOptions<FileUploaderOptions>(props.uiSchema);
  const data = useWidgetData();
  const [changing, setChanging] = useState(false);
  const labelId = useId();
  const image = formData as StoredImage | undefined;
  const label = fieldLabel(props);
  const logo = options.uploadType === 'clientlogo';
  const container = logo ? CLIENT_LOGO_CONTAINER : image?.UserFileName ?? '';
  const locked = disabled || readonly;
  const src = useImageSource(data, image?.FileName || undefined, container);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={required} sx={{ display: 'block', mb: 1 }}>{label}</FormLabel>
      {image?.FileName && src && !changing && (
        <Box component="img" src={src} alt={label} sx={{ maxWidth: 240, maxHeight: 160, display: 'block', mb: 1 }} />
      )}
      {changing ? (
        <UploadPanel
          idPrefix={fieldPathId.$id}
          kind={logo ? 'clientlogo' : 'image'}
          options={{ ...options, uploadType: logo ? 'clientlogo' : 'image' }}
          globalMaxMB={data.maxFileSizeMB}
          target={(props.registry.formContext as WidgetFormContext | undefined)?.uploadTarget}
          existing={[]}
          mode="add"
          onCancel={() => setChanging(false)}
          onUploaded={(stored) => {
            onChange({ FileName: stored.FileName, UserFileName: stored.UserFileName }, fieldPathId.path);
            setChanging(false);
          }}
        />
      ) : (
        <Stack direction="row" spacing={1}>
          <Button disabled={locked} onClick={() => setChanging(true)}>{image?.FileName ? 'Change Image' : 'Upload Image'}</Button>
          {image?.FileName && <Button disabled={locked} onClick={() => onChange(undefined, fieldPathId.path)}>Remove Image</Button>}
        </Stack>
      )}
    </Box>
  );
}
