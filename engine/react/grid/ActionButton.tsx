import { Button, type ButtonProps } from '@mui/material';
import type { PageAction } from '../../core/grid/actions.ts';

const themeColors = new Set(['primary', 'secondary', 'error', 'warning', 'info', 'success', 'inherit']);

/**
 * One page action as a button: Type 'link' looks like a link, anything else like a button; ButtonCss is the
 * button's class (and its colour when it names a theme colour). A click does not also open the row.
 */
export function ActionButton({ action, onRun }: { action: PageAction; onRun: () => void }) {
  const css = action.ButtonCss ?? '';
  const color = (themeColors.has(css) ? css : 'primary') as ButtonProps['color'];
  return (
    <Button
      size="small"
      variant={action.Type === 'link' ? 'text' : 'outlined'}
      color={color}
      className={css || undefined}
      data-action={action.ActionName}
      onClick={(e) => {
        e.stopPropagation();
        onRun();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {action.ButtonText}
    </Button>
  );
}
