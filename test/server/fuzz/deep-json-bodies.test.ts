import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, bodyTooDeepMessage } from '../../../server/plugins/body-depth.ts';
import { jsonDepthExceeds } from '../../../server/lib/json-depth.ts';
import { databases, useTestApp } from '../helper.ts';

/** `{"a":[[[ ... ]]]}`: an object holding arrays, `levels` deep in all. */
const deepBody = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

// The routes issue 18 found answering 500 (the outgoing-date walker overflowed the stack).
const routes = [
  ['POST', '/api/Authenticate/SignIn'],
  ['POST', '/api/Authenticate/SignInWithToken'],
  ['PUT', '/api/User/Activate'],
  ['POST', '/api/ErrorLog/LogMany'],
] as const;

describe('JSON depth of a text', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepthExceeds(deepBody(3), 3)).toBe(false);
    expect(jsonDepthExceeds(deepBody(4), 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[[' }), 1)).toBe(false);
  });
});

describe.each(databases)('A request body nested too deeply is refused before any handler (%s)', (kind) => {
  const t = useTestApp(kind);

  it.each(routes)('%s %s: 5,000 levels answer 400 in the error shape', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: deepBody(5000), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: bodyTooDeepMessage, ErrorCode: 'BodyTooDeep' }]);
  });

  it(`the limit is ${MAX_BODY_DEPTH} levels: one more is refused, the limit itself reaches the route's own checks`, async () => {
    const atLimit = await t.app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: deepBody(MAX_BODY_DEPTH), headers: { 'content-type': 'application/json' } });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()[0].ErrorCode).not.toBe('BodyTooDeep');
    const over = await t.app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: deepBody(MAX_BODY_DEPTH + 1), headers: { 'content-type': 'application/json' } });
    expect(over.json()[0].ErrorCode).toBe('BodyTooDeep');
  });

  it('ordinary JSON still parses, and prototype poisoning is still refused', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: { UserName: 'nobody', Password: 'x' } });
    expect(signIn.json()[0].ErrorCode).toBe('LoginFailed');
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/Authenticate/SignIn', payload: '{"UserName":"x","__proto__":{"a":1}}', headers: { 'content-type': 'application/json' } });
    expect(poisoned.statusCode).toBe(400);
  });
});
