/** What one request did: its call, when it ran, and how it ended. */
export interface Outcome {
  call: string;
  server: string;
  start: number;
  end: number;
  status: number | 'timeout' | 'network error';
  /** The answer was the one the call expects. */
  expected: boolean;
  /** A 503 whose body is the one error shape: a clean refusal while the database is away. */
  cleanUnavailable: boolean;
  detail: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Longer than every wait the server bounds (pool 15 s, connect 10 s): a request past it hangs. */
export const requestTimeoutMs = 30_000;

const isErrorShape = (body: unknown) => Array.isArray(body) && body.length > 0
  && body.every((i) => i && typeof i === 'object' && 'PropertyName' in i && typeof (i as { ErrorMessage?: unknown }).ErrorMessage === 'string' && 'ErrorCode' in i);

/** Every request of the run, kept to judge afterwards (the outage window is known only when it is over). */
export class Recorder {
  readonly outcomes: Outcome[] = [];

  async send(server: { name: string; base: string }, call: string, method: string, url: string, expect: number,
    options: { headers?: Record<string, string>; json?: unknown; form?: FormData } = {}): Promise<Answer | null> {
    const start = Date.now();
    const record = (status: Outcome['status'], body: unknown, detail: string): Outcome => {
      const outcome: Outcome = {
        call, server: server.name, start, end: Date.now(), status, expected: status === expect,
        cleanUnavailable: status === 503 && isErrorShape(body), detail,
      };
      this.outcomes.push(outcome);
      return outcome;
    };
    let res: Response;
    try {
      res = await fetch(`${server.base}${url}`, {
        method,
        headers: { ...(options.json === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      record(timedOut ? 'timeout' : 'network error', null, `${method} ${url}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
      return null;
    }
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch { /* not JSON: kept as text */ }
    const outcome = record(res.status, body, `${method} ${url} -> ${res.status} ${text.slice(0, 200)}`);
    return outcome.expected ? { status: res.status, headers: res.headers, body } : null;
  }

  /** Answers the call did not expect, leaving out clean 503s that overlap the window (when one is given). */
  unexpected(window?: { from: number; to: number }): Outcome[] {
    return this.outcomes.filter((o) => !o.expected && !(window && o.cleanUnavailable && o.end >= window.from && o.start <= window.to));
  }
}
