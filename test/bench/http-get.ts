import http from 'node:http';

/**
 * GET with kept-alive connections through node:http: the load generator's own cost per call is about a quarter of
 * fetch's, and on a 2-core machine that cost is taken from the server it measures.
 */
export function httpGetter(base: string, headers: Record<string, string>, connections: number): (path: string) => Promise<{ status: number; body: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  return (path) => new Promise((resolve, reject) => {
    const request = http.request({ agent, hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
