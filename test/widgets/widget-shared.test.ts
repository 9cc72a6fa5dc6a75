import { describe, expect, it } from 'vitest';
import { defaultFlags, setWidgetFlag } from '../../engine/widgets/shared/flags.ts';
import { runAsyncValidator } from '../../engine/widgets/shared/async-validator.ts';

describe('widget flags', () => {
  it('setting visible, enabled or required flags requires booleans', () => {
    expect(setWidgetFlag(defaultFlags, 'required', true).required).toBe(true);
    expect(setWidgetFlag(defaultFlags, 'visible', false).visible).toBe(false);
    expect(() => setWidgetFlag(defaultFlags, 'enabled', 'false')).toThrow(TypeError);
    expect(() => setWidgetFlag(defaultFlags, 'visible', 1)).toThrow(TypeError);
    expect(() => setWidgetFlag(defaultFlags, 'required', undefined)).toThrow(TypeError);
  });
  it('rejects an unknown flag', () => {
    expect(() => setWidgetFlag(defaultFlags, 'hidden' as never, true)).toThrow();
  });
});

describe('async validators', () => {
  it("a missing async validator gives 'MISSING ASYNC VALIDATOR FUNCTION'", async () => {
    expect(await runAsyncValidator(undefined, 'x')).toBe('MISSING ASYNC VALIDATOR FUNCTION');
  });
  it('passes the value to the validator and returns its message', async () => {
    expect(await runAsyncValidator(async (v: string) => (v === 'taken' ? 'Taken.' : null), 'taken')).toBe('Taken.');
    expect(await runAsyncValidator(async () => undefined, 'free')).toBeNull();
  });
});
