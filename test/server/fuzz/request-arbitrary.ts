import fc from 'fast-check';
import { multipart } from '../multipart.ts';
import { hostileStrings, hostileText } from './hostile-values.ts';
import { bodyFrom, plausible, type OpenApiSchema } from './schema-arbitrary.ts';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  params: Array<{ in: 'path' | 'query' | 'header'; name: string; schema: OpenApiSchema }>;
  body?: OpenApiSchema;
}

/** Every operation of app.swagger(), in document order. */
export function operationsOf(doc: { paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: OpenApiSchema }> } }>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** Who sends the request. */
export type Identity = 'admin' | 'noModules' | 'anonymous' | 'forgedToken';

export interface FuzzRequest {
  identity: Identity;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  remoteAddress: string;
}

/** The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which the TypeScript lib here lacks). */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** encodeURIComponent, except that a lone surrogate goes as the replacement character instead of throwing. */
const encode = (text: string) => encodeURIComponent(wellFormed(text));

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** A path or query value: what the schema expects, or hostile text. */
const paramValue = (schema: OpenApiSchema) => fc.oneof({ weight: 3, arbitrary: plausible(schema).map(asText) }, { weight: 2, arbitrary: hostileText });

const deepJson = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

/** Raw bodies no schema describes: malformed JSON, too deep, too big, the wrong content type, hostile file names. */
const rawBody: fc.Arbitrary<{ payload: string | Buffer; headers: Record<string, string> }> = fc.oneof(
  fc.constantFrom('', '{', '{"a":', "{'a':1}", 'null', '[]', '"text"', '12', '{"a":1}{"b":2}', '\u0000', deepJson(70), deepJson(5000)).map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })),
  fc.constant({ payload: JSON.stringify({ x: 'z'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } }),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=latin1').map((type) => ({ payload: 'a=1&b=<script>', headers: { 'content-type': type } })),
  fc.tuple(fc.constantFrom(...hostileStrings, 'x.png', 'x.exe', 'a.pdf.exe', '.htaccess'), fc.constantFrom('file', 'name', 'description', 'other')).map(([fileName, field]) =>
    multipart([
      { name: field, fileName, content: Buffer.from('\x89PNG\r\n\x1a\n<?php system($_GET[1]); ?>'), contentType: 'image/png' },
      { name: 'name', value: fileName },
    ]),
  ),
);

/** The whole request for one operation: identity, path parameters, query, body, client address. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => paramValue(p.schema))).map((values) =>
    values.reduce((url, value, i) => url.replace(`{${pathParams[i].name}}`, encode(value)), op.path),
  );
  const query = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => fc.option(paramValue(p.schema), { nil: undefined }))),
      fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'q[]', 'ids'), hostileText), { nil: undefined }),
    )
    .map(([values, extra]) => {
      const search = new URLSearchParams();
      values.forEach((value, i) => value !== undefined && search.append(queryParams[i].name, wellFormed(value)));
      if (extra) search.append(extra[0], wellFormed(extra[1]));
      const text = search.toString();
      return text ? `?${text}` : '';
    });
  const jsonBody = bodyFrom(op.body).map((value) => ({ payload: JSON.stringify(value) ?? 'null', headers: { 'content-type': 'application/json' } }));
  const body = fc.oneof({ weight: 6, arbitrary: jsonBody }, { weight: 1, arbitrary: rawBody });
  const identity = fc.constantFrom<Identity>('admin', 'admin', 'noModules', 'noModules', 'anonymous', 'forgedToken');
  const remoteAddress = fc.ipV4();
  const wantsBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc.record({ identity, path, query, body: wantsBody ? body : fc.constant(undefined), remoteAddress }).map((r) => ({
    identity: r.identity,
    method: op.method,
    url: r.path + r.query,
    payload: r.body?.payload,
    headers: r.body?.headers ?? {},
    remoteAddress: r.remoteAddress,
  }));
}
