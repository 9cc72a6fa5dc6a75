declare global {
  interface Window { benchReady?: number; benchStart: number; renderMs: number[] }
}

/** An Element Timing entry (not in TypeScript's DOM types). */
interface ElementTiming extends PerformanceEntry { identifier: string; renderTime: number }

/** The first screenful: the form counts as rendered once this many fields are painted. */
const firstFields = 10;

/**
 * Sets `window.benchReady` to when the browser painted the frame that first showed the form's fields: the moment
 * the DOM has them, their labels are marked for Element Timing, which reports when that text was painted.
 */
export function waitForForm(): void {
  const root = document.getElementById('root')!;
  let marked = 0;
  const observer = new MutationObserver(() => {
    if (root.querySelectorAll('input').length < firstFields) return;
    observer.disconnect();
    // Marked in the same task as the DOM change (before any paint), so the frame that shows them reports them.
    for (const label of root.querySelectorAll('label')) {
      label.setAttribute('elementtiming', 'form-field');
      marked++;
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  const painted = new PerformanceObserver((list) => {
    const entries = (list.getEntries() as ElementTiming[]).filter((e) => e.identifier === 'form-field');
    if (!marked || !entries.length) return;
    painted.disconnect();
    window.benchReady = Math.max(...entries.map((e) => e.renderTime));
  });
  painted.observe({ type: 'element' });
}
