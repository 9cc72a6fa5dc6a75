import { toErrorList } from '../../engine/core/error-items.ts';

/** One entry of the client error log (spec 1 section 7, "Client error log"). */
export interface ClientLogEntry {
  Type: string;
  Message: string;
  Source: string;
  TargetModule: string;
  TargetName: string;
  StackTrace: string;
  HelpLink: string;
  Request: string;
  RequestReferrer: string;
}

/** Spec 1 section 7: entries are sent 1 second after the last one. */
export const errorLogDebounceMs = 1000;

/** 'Client HTTP Error {status}', with the response's message or 'API Call failed with status code {status}' (spec 1 section 8). */
export function clientHttpErrorEntry(method: string, path: string, status: number, body: unknown): ClientLogEntry {
  const message = toErrorList(body)[0]?.ErrorMessage || `API Call failed with status code ${status}`;
  return {
    Type: `Client HTTP Error ${status}`,
    Message: message,
    Source: 'ApiClient',
    TargetModule: method,
    TargetName: path.split('?')[0],
    StackTrace: '',
    HelpLink: '',
    Request: `${method} ${path}`,
    RequestReferrer: typeof location === 'undefined' ? '' : location.href,
  };
}

/**
 * A buffer of entries posted together, debounced: each entry restarts the wait, and the buffer is emptied when
 * the batch is handed over, whether the post then succeeds or fails (a failing log must not grow without end,
 * nor log its own failure).
 */
export function createErrorLog(post: (entries: ClientLogEntry[]) => Promise<unknown>, delayMs = errorLogDebounceMs) {
  let buffer: ClientLogEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length) post(batch).catch(() => undefined);
  }

  return {
    add(entry: ClientLogEntry) {
      buffer.push(entry);
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    /** What is waiting to be sent (for tests and diagnostics). */
    pending: () => buffer.length,
  };
}

/** What the client's own faults are logged as (spec 2 section 8: exceptions via the logger). */
export type ClientFaultType = 'Client Caught Exception' | 'Client Logged Error';

/** An entry for a fault of the client itself: an exception nobody caught, or an error the code logged. */
export function clientFaultEntry(type: ClientFaultType, message: string, source: string, stack = ''): ClientLogEntry {
  return {
    Type: type,
    Message: message,
    Source: source,
    TargetModule: '',
    TargetName: typeof location === 'undefined' ? '' : location.pathname,
    StackTrace: stack,
    HelpLink: '',
    Request: '',
    RequestReferrer: typeof location === 'undefined' ? '' : location.href,
  };
}

/**
 * Sends exceptions nobody caught (errors and rejected promises) to the error log as 'Client Caught Exception'.
 * Returns the function that stops it.
 */
export function logUncaughtExceptions(add: (entry: ClientLogEntry) => void, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const error = event.error as Error | undefined;
    add(clientFaultEntry('Client Caught Exception', error?.message ?? event.message, event.filename || 'window', error?.stack ?? ''));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as Error | undefined;
    add(clientFaultEntry('Client Caught Exception', reason?.message ?? String(event.reason), 'promise', reason?.stack ?? ''));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
