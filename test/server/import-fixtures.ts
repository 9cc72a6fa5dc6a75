import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { injectAs, type SignedIn } from './helper.ts';
import { multipart } from './multipart.ts';

/** What an import route answers (server/modules/imports/jobs.ts). */
export interface ImportJob {
  ImportJobId: number;
  State: string;
  Columns: string[];
  Mapping: Array<{ Column: number; Field: string }>;
  Fields: Array<{ Field: string; Title: string }>;
  TotalRows: number;
  BadRows: number;
  Errors: Array<{ Row: number; Field: string | null; Message: string }>;
  Imported: number;
  Skipped: number;
  Message: string | null;
}

/** A CSV file's text from rows of cells (quoted where a cell needs it). */
export function csvOf(rows: Array<Array<string | number>>): Buffer {
  const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return Buffer.from(`${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`);
}

/** The import routes of one built form, as one user. */
export function importsOf(app: FastifyInstance, formId: number) {
  return importsAt(app, `/api/forms/${formId}/imports`);
}

/** The import routes at `base` (a form's, or the users' /api/users/imports), as one user. */
export function importsAt(app: FastifyInstance, base: string) {
  const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) => injectAs(app, who, { method, url, payload });
  return {
    base,
    upload: (who: SignedIn, fileName: string, content: Buffer) => {
      const body = multipart([{ name: 'file', fileName, content }]);
      return injectAs(app, who, { method: 'POST', url: base, payload: body.payload, headers: body.headers });
    },
    read: (who: SignedIn, id: number) => call(who, 'GET', `${base}/${id}`),
    check: (who: SignedIn, id: number, Mapping: ImportJob['Mapping']) => call(who, 'POST', `${base}/${id}/check`, { Mapping }),
    start: (who: SignedIn, id: number, Mode: 'skip' | 'all') => call(who, 'POST', `${base}/${id}/start`, { Mode }),
    cancel: (who: SignedIn, id: number) => call(who, 'POST', `${base}/${id}/cancel`, {}),
    undo: (who: SignedIn, id: number) => call(who, 'POST', `${base}/${id}/undo`, {}),
    /** Polls the job until its dry run or import has ended. */
    async settled(who: SignedIn, id: number): Promise<ImportJob> {
      for (let i = 0; i < 2000; i++) {
        const res = await call(who, 'GET', `${base}/${id}`);
        expect(res.statusCode, res.body).toBe(200);
        const job = res.json() as ImportJob;
        if (!['Checking', 'Importing'].includes(job.State)) return job;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`import ${id} did not settle`);
    },
    /** Polls the job until `accept` holds (a progress reached). */
    async until(who: SignedIn, id: number, accept: (job: ImportJob) => boolean): Promise<ImportJob> {
      for (let i = 0; i < 2000; i++) {
        const job = (await call(who, 'GET', `${base}/${id}`)).json() as ImportJob;
        if (accept(job)) return job;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`import ${id} never reached the state asked for`);
    },
  };
}
