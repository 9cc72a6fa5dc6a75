import { notify } from './store.ts';

/** Copies text, and says so; where the browser refuses (no permission, no secure context), says how to copy it instead. */
export async function copyToClipboard(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', `The ${what} is copied.`);
  } catch {
    notify('error', `The ${what} could not be copied here: select it and copy it.`);
  }
}
