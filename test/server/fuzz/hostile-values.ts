import fc from 'fast-check';

/** Text an attacker or a broken client sends: injections, traversal, bad dates, odd characters. */
export const hostileStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users --',
  '"; select pg_sleep(0); --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  'file.png\u0000.exe',
  'a\u0000b',
  '\u202etxt.exe',
  '\ud800',
  '😀👍🏽',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '2147483648',
  '9223372036854775808',
  '0001-01-01T00:00:00',
  '0001-01-01T00:00:00Z',
  '0000-00-00T00:00:00Z',
  '2024-13-45T25:61:00Z',
  '2024-02-30',
  '2024-05-01T10:00',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00Z',
  'not a date',
  '',
  ' ',
  '\t\r\n',
  '__proto__',
  'constructor',
];

/** The specification's boundaries: the largest integer, the null date, the 200 / 2000 / 8000 character limits. */
export const boundaryValues: unknown[] = [
  2147483647, 2147483648, -2147483648, -2147483649, 0, -1, 1.5, -0, 1e308, Number.MAX_SAFE_INTEGER, 9007199254740993,
  '0001-01-01T00:00:00',
  ...[200, 201, 2000, 2001, 8000, 8001].map((n) => 'x'.repeat(n)),
  '<b>' + 'y'.repeat(8000) + '</b>',
];

/** A value of a type the field does not expect, or a hostile one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...boundaryValues) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }, [[[]]], 'x'.repeat(20_000)) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** A hostile value as it can stand in a URL (path or query). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...boundaryValues.map(String)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(5000)),
);
