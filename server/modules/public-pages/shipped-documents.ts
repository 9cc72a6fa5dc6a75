import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { recordTableName } from '../forms/definition-sync.ts';
import { buildRecordIndexesLater } from '../forms/record-indexes.ts';
import { checkedDocument } from '../transfer/document.ts';
import { importDocument } from '../transfer/import-document.ts';
import type { Principal } from '../../types.ts';
import { publishContactForm } from './contact-publication.ts';

/** Where the product's own application documents live (the transfer format): the forms the public pages show. */
export const shippedDocumentsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../metadata/forms');

/** The documents shipped, by name (the file's name without .json), checked as any import's document is. */
export async function shippedDocuments(dir = shippedDocumentsDir) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => ({ name: file.slice(0, -'.json'.length), doc: checkedDocument(JSON.parse(await readFile(path.join(dir, file), 'utf8'))) })));
}

/** The imports of shipped documents are the product's, made in the master administrator's name. */
async function productPrincipal(trx: Knex): Promise<Principal> {
  const master = await trx('users').where({ IsMaster: true }).orderBy('UserId').first('UserId', 'UserName');
  return { SessionId: '', InstanceId: '', UserId: master.UserId as number, UserName: master.UserName as string, IsMaster: true };
}

/**
 * Applies each shipped document once per installation, through the transfer import (so it is listed among the imports,
 * and what it made is known as imported). The row in shipped_documents, written in the import's transaction under the
 * import's lock, says it was: a later start leaves alone whatever an administrator changed, renamed or removed since,
 * and of two processes starting at once on one PostgreSQL the second waits for the lock and then finds the row. A
 * document that would take over what an administrator made under the same names is not applied (logged), never forced.
 */
export async function applyShippedDocuments(app: FastifyInstance, dir = shippedDocumentsDir): Promise<string[]> {
  const applied: string[] = [];
  for (const { name, doc } of await shippedDocuments(dir)) {
    try {
      const result = await app.db.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(7095)');
        if (await trx('shipped_documents').where({ Name: name }).first('Name')) return null;
        const imported = await importDocument(app, trx, doc, await productPrincipal(trx), `metadata/forms/${name}.json`);
        await trx('shipped_documents').insert({ Name: name, ImportId: imported.ImportId });
        return imported;
      });
      if (!result) continue;
      // The new tables are empty: their list indexes take no time, and are there before the server answers.
      for (const formId of result.changedForms) await buildRecordIndexesLater(app.db, formId, recordTableName(formId), app.log);
      applied.push(name);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      app.log.warn({ document: name, errors: error.items }, 'a shipped document was not applied: it would take over what an administrator made');
    }
  }
  // The contact page's form is a public form: published the first time its form is there, then left to the administrator.
  await publishContactForm(app.db);
  return applied;
}
