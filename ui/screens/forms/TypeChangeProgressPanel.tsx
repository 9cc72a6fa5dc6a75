import { useEffect, useState } from 'react';
import { Alert, AlertTitle, LinearProgress, Stack, Typography } from '@mui/material';
import type { FormFieldRecord, TypeChangeProgress } from '../../../engine/core/lowcode/api.ts';
import { formApi } from './form-api.ts';

export interface TypeChangeProgressPanelProps {
  fieldId: number;
  fieldName: string;
  progress: TypeChangeProgress;
  labelOf(type: string): string;
  /** The field once its change is no longer converting: applied (TypeChange null) or failed. */
  onFinished(field: FormFieldRecord): void;
}

/** How often the field is read again while its values convert. */
const pollMs = 1000;
const count = new Intl.NumberFormat();

/**
 * An online type change under way (the server converts the values in the background): how far it is, read again every
 * second until it is applied or has failed. The form's records stay in use meanwhile, which the text says, since an
 * administrator who sees a long bar otherwise assumes the form is down.
 */
export function TypeChangeProgressPanel({ fieldId, fieldName, progress: initial, labelOf, onFinished }: TypeChangeProgressPanelProps) {
  const [progress, setProgress] = useState(initial);
  const [readFailed, setReadFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const field = await formApi.field(fieldId);
        if (!live) return;
        setReadFailed(false);
        if (field.TypeChange?.State === 'Converting') {
          setProgress(field.TypeChange);
          timer = setTimeout(() => void poll(), pollMs);
        } else {
          onFinished(field);
        }
      } catch {
        if (!live) return;
        setReadFailed(true);
        timer = setTimeout(() => void poll(), pollMs);
      }
    };
    timer = setTimeout(() => void poll(), pollMs);
    return () => { live = false; clearTimeout(timer); };
  }, [fieldId]); // eslint-disable-line react-hooks/exhaustive-deps
  const percent = progress.Total ? Math.min(100, Math.floor((100 * progress.Done) / progress.Total)) : 0;
  return (
    <Alert severity="info" icon={false} role="status" aria-live="polite">
      <AlertTitle>Changing {fieldName} from {labelOf(progress.From)} to {labelOf(progress.To)}</AlertTitle>
      <Stack spacing={1}>
        <LinearProgress variant="determinate" value={percent} aria-label={`Converting ${fieldName}`} />
        <Typography variant="body2">
          {count.format(progress.Done)} of {count.format(progress.Total)} values converted ({percent}%).
          The form&apos;s records can be read and changed meanwhile; its fields can change again when this finishes.
        </Typography>
        {readFailed && <Typography variant="body2" color="error">The progress could not be read just now; trying again.</Typography>}
      </Stack>
    </Alert>
  );
}
