import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export const leaveQuestion = 'Are you sure you want to leave this page without saving?';

/**
 * Leaving a dirty form asks first (spec 2 "Dirty-form navigation"): in-app navigation gets the
 * question with Leave and Stay on this page; closing or reloading the tab gets the browser's own.
 */
export function LeavePrompt({ shouldBlock }: { shouldBlock: () => boolean }) {
  // Asked at the moment of navigation, so a form that has just saved and is leaving is not held back.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => shouldBlock() && currentLocation.pathname !== nextLocation.pathname);
  const when = shouldBlock();
  // No longer something to ask (the form's record lock expired): the question closes, and the user stays.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.reset?.();
  }, [blocker, when]);
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved changes"
      text={leaveQuestion}
      confirmLabel="Leave"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
