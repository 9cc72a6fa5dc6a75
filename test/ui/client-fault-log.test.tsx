import { describe, expect, it } from 'vitest';
import { clientFaultEntry, logUncaughtExceptions, type ClientLogEntry } from '../../ui/api/error-log.ts';

describe("the client's own faults in the server's error log (spec 2 section 8)", () => {
  it("sends an exception nobody caught as 'Client Caught Exception', with its message and stack", () => {
    const entries: ClientLogEntry[] = [];
    const stop = logUncaughtExceptions((e) => entries.push(e));
    const error = new Error('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, filename: 'app.js' }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('the save failed');
    window.dispatchEvent(rejection);
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop' }));
    expect(entries.map((e) => [e.Type, e.Message, e.Source])).toEqual([
      ['Client Caught Exception', 'x is undefined', 'app.js'],
      ['Client Caught Exception', 'the save failed', 'promise'],
    ]);
    expect(entries[0].StackTrace).toContain('x is undefined');
  });

  it("names an error the code logged 'Client Logged Error', with where it happened", () => {
    expect(clientFaultEntry('Client Logged Error', 'An empty error notification was not shown.', 'Notifications')).toMatchObject({
      Type: 'Client Logged Error', Message: 'An empty error notification was not shown.', Source: 'Notifications', TargetName: location.pathname,
    });
  });
});
