declare global {
  interface Window { benchReady?: number; benchStart: number; renderMs: number[] }
}

/** Sets `window.benchReady` at the first frame painted after the form's fields exist. */
export function waitForForm(): void {
  if (document.querySelectorAll('input').length >= 10) requestAnimationFrame(() => setTimeout(() => { window.benchReady = performance.now(); }));
  else requestAnimationFrame(waitForForm);
}
