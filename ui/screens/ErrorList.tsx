import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ErrorItem } from '../../engine/core/error-items.ts';

/** Server errors kept on the screen as a list (spec 3 section 8). */
export function ErrorList({ title, items }: { title?: string; items: ErrorItem[] }) {
  if (!items.length) return null;
  return (
    <Alert severity="error" role="alert">
      {title && <AlertTitle>{title}</AlertTitle>}
      {items.length === 1 ? items[0].ErrorMessage : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {items.map((item, i) => <li key={i}>{item.ErrorMessage}</li>)}
        </ul>
      )}
    </Alert>
  );
}
