import { describe, expect, it } from 'vitest';
import { convertIncomingDates } from '../../../engine/core/dates/incoming.ts';
import { outgoingDateErrors } from '../../../engine/core/dates/outgoing.ts';

/** A value nested `levels` deep: { a: [[[ ... { At: leaf } ... ]]] }. */
function nested(levels: number, leaf: Record<string, unknown>): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return { a: value };
}

// Deeper than any call stack: a recursive walker throws RangeError here.
const levels = 200_000;

describe('the date walkers read payloads at any depth (a client chooses how deep it nests)', () => {
  it('outgoingDateErrors finds a local date-time 200,000 levels down', () => {
    expect(outgoingDateErrors(nested(levels, { At: '2024-05-01T10:00' })).map((e) => e.PropertyName)).toEqual(['At']);
  });

  it('convertIncomingDates converts a record date 200,000 levels down', () => {
    const value = convertIncomingDates(nested(levels, { CreatedDate: '2024-05-01T10:00:00Z' })) as { a: unknown };
    let inner: unknown = value.a;
    for (let i = 0; i < levels; i++) inner = (inner as unknown[])[0];
    expect((inner as { CreatedDate: Date }).CreatedDate).toEqual(new Date('2024-05-01T10:00:00Z'));
    expect(convertIncomingDates({ List: [{ ModifiedDate: null }, 3] })).toEqual({ List: [{ ModifiedDate: null }, 3] });
  });
});
