import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';

/** A phone's start waits for the route table: sent compressed to a client that accepts it, and only to such a one. */
describe.each(databases)('API answers compressed as the client accepts (%s)', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let plain: string;
  beforeAll(async () => {
    admin = await signIn(t.app);
    const res = await injectAs(t.app, admin, { url: '/api/App/GetRoutes' });
    expect(res.headers['content-encoding']).toBeUndefined();
    plain = res.body;
  });
  const routes = (acceptEncoding: string) => injectAs(t.app, admin, { url: '/api/App/GetRoutes', headers: { 'accept-encoding': acceptEncoding } });

  it('sends the route table in brotli to a browser accepting it, the same answer once decompressed and several times smaller', async () => {
    expect(plain.length).toBeGreaterThan(4096);
    const res = await routes('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(JSON.parse(plain));
  });

  it('sends gzip to a client accepting only gzip, and the answer as it is to one accepting neither', async () => {
    const gz = await routes('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain));
    const identity = await routes('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('leaves an answer under 1 KiB as it is (compressing it would cost more than it saves)', async () => {
    const res = await injectAs(t.app, admin, { url: '/api/Authenticate/Current', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
