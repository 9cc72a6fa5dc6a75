/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, unreachable, or the
 * pool waited too long for a connection): the request is answered 503, to be tried again, not 500.
 */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception); 57P01-57P03 (shutting down, crashed, starting up); 57014 (statement timeout).
const unavailableSqlState = /^(08...|57P0[123]|57014)$/;
// pg's own words for a connection that ended or never came.
const driverMessages = /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableSqlState.test(code))) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && driverMessages.test(message)) return true;
  }
  return false;
}
