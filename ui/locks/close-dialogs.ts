/** How often, and how many times, the open dialogs are asked again to close (one may open while another closes). */
const stepMs = 50;
const maxSteps = 10;

/** The MUI dialogs, menus and popovers open now, but for the lock's own notices. */
function openModals(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.MuiModal-root:not([data-lock-notice])')].filter((el) => !el.classList.contains('MuiModal-hidden'));
}

/**
 * Spec 2: at a lock's expiry "all dialogs close" — those of the form and every other (History, "Why can this user…?").
 * Each open one gets a click on its backdrop, as a user closing it would: it closes through its own onClose, so its
 * owner's state follows (Escape would reach only the topmost, which is the expiry notice by then). A dialog that
 * cannot be closed by its backdrop (the renewal question) closes with the lock's phase instead.
 */
export function closeOpenDialogs(): void {
  if (typeof document === 'undefined') return;
  let steps = 0;
  const step = () => {
    // The page may be gone between steps (a test's document torn down, a tab closing).
    if (typeof document === 'undefined') return;
    const open = openModals();
    if (!open.length || steps++ >= maxSteps) return;
    for (const modal of open) {
      // A Dialog tells a backdrop click by a mousedown and a click on its container; other modals by a click on the backdrop.
      const target = modal.querySelector<HTMLElement>('.MuiDialog-container') ?? modal.querySelector<HTMLElement>('.MuiBackdrop-root');
      target?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      target?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
    setTimeout(step, stepMs);
  };
  setTimeout(step, 0);
}
