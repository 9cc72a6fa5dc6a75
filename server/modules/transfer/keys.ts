import type { Knex } from 'knex';
import { pageModuleName } from '../../../engine/core/lowcode/compose-page.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ModuleRef } from './document.ts';

/** Module names of built forms and pages carry local ids: 'Form12', 'Page3'. */
export const formModuleName = (formId: number) => `Form${formId}`;
export { pageModuleName };

/** The screen id route nodes of a module's screen are named after ('form-12.create', 'page-3.update'). */
export const screenIdOfModule = (moduleName: string): string | null => {
  const m = /^(Form|Page)([0-9]+)$/.exec(moduleName);
  return m ? `${m[1].toLowerCase()}-${m[2]}` : null;
};

/** A module's installation-independent reference, or null for none the transfer can name. */
export async function moduleRefOf(db: Knex, moduleName: string): Promise<ModuleRef> {
  const m = /^(Form|Page)([0-9]+)$/.exec(moduleName);
  if (m?.[1] === 'Form') {
    const form = await db('forms').where({ FormId: Number(m[2]) }).first('Name');
    if (form) return { form: form.Name as string };
  }
  if (m?.[1] === 'Page') {
    const page = await db('pages').where({ PageId: Number(m[2]) }).first('Route');
    if (page) return { page: page.Route as string };
  }
  return { module: moduleName };
}

export const describeRef = (ref: ModuleRef) => ('form' in ref ? `the form ${ref.form}` : 'page' in ref ? `the page ${ref.page}` : `the module ${ref.module}`);

/** The local module a reference names, or a 409 naming what is missing. */
export async function moduleNameOf(db: Knex, ref: ModuleRef): Promise<string> {
  if ('form' in ref) {
    const form = await db('forms').whereRaw('lower(name) = lower(?)', [ref.form]).whereNull('Source').first('FormId');
    if (form) return formModuleName(form.FormId as number);
  } else if ('page' in ref) {
    const page = await db('pages').whereRaw('lower(route) = lower(?)', [ref.page]).first('PageId');
    if (page) return pageModuleName(page.PageId as number);
  } else if (await db('modules').where({ Name: ref.module }).first('ModuleId')) {
    return ref.module;
  }
  throw HttpError.of(409, `The document refers to ${describeRef(ref)}, which this installation does not have.`, null, 'MissingReference');
}
