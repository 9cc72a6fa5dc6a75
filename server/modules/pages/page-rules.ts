import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { slugOf } from '../../../engine/core/lowcode/compose-form.ts';
import { HttpError } from '../../lib/http-error.ts';
import { shippedRouteSegments } from '../forms/screens.ts';

type Row = Record<string, unknown>;

const fault = (field: string, message: string, code: string) => new HttpError(409, [{ PropertyName: field, ErrorMessage: message, ErrorCode: code }]);

export const pageMessages = {
  routeTaken: (route: string, holder: string) => `The route ${route} is taken by ${holder}. Choose another route.`,
  parentLoop: 'The parent page cannot be the page itself or one of the pages under it.',
  formInactive: (name: string) => `The form ${name} is inactive: activate it in Form Management before giving it a page.`,
  formBuiltIn: (name: string) => `The form ${name} is a built-in form with screens of its own: a page shows the records of a form built in Form Management.`,
  formMissing: 'The chosen form does not exist.',
  parentMissing: 'The chosen parent page does not exist.',
};

/**
 * A page's route may not take one another route has: a shipped screen's or a built form's first segment, or another
 * page's route, or lie under another page's route (its create, update and delete routes live there), or the reverse.
 */
export async function checkPageRoute(app: FastifyInstance, trx: Knex, route: string, pageId?: number): Promise<void> {
  const lower = route.toLowerCase();
  const first = lower.split('/')[1] ?? '';
  if (shippedRouteSegments(app).has(first)) throw fault('Route', pageMessages.routeTaken(route, 'a screen of the product'), 'RouteTaken');
  const forms: Array<{ Name: string }> = await trx('forms').whereNull('Source').select('Name');
  const form = forms.find((f) => slugOf(f.Name) === first);
  if (form) throw fault('Route', pageMessages.routeTaken(route, `the records of the form ${form.Name}`), 'RouteTaken');
  const pages: Array<{ PageId: number; Name: string; Route: string }> = await trx('pages').select('PageId', 'Name', 'Route');
  const clash = pages.find((p) => p.PageId !== pageId && (() => {
    const other = p.Route.toLowerCase();
    return other === lower || lower.startsWith(`${other}/`) || other.startsWith(`${lower}/`);
  })());
  if (clash) throw fault('Route', pageMessages.routeTaken(route, `the page ${clash.Name} (${clash.Route})`), 'RouteTaken');
}

/** Walking up from the chosen parent must not reach the page itself. */
export async function checkParentChain(trx: Knex, pageId: number, parentId: number | null): Promise<void> {
  const seen = new Set<number>([pageId]);
  for (let at = parentId; at !== null;) {
    if (seen.has(at)) throw fault('ParentPageId', pageMessages.parentLoop, 'ParentLoop');
    seen.add(at);
    const row: { ParentPageId: number | null } | undefined = await trx('pages').where({ PageId: at }).first('ParentPageId');
    if (!row) throw fault('ParentPageId', pageMessages.parentMissing, 'NotFound');
    at = row.ParentPageId;
  }
}

/** The page's form exists, is built in Form Management and is active. */
export async function checkPageForm(trx: Knex, formId: unknown): Promise<void> {
  const form: Row | undefined = await trx('forms').where({ FormId: Number(formId) }).first('Name', 'IsActive', 'Source');
  if (!form) throw fault('FormId', pageMessages.formMissing, 'NotFound');
  if (form.Source) throw fault('FormId', pageMessages.formBuiltIn(String(form.Name)), 'BuiltInForm');
  if (!form.IsActive) throw fault('FormId', pageMessages.formInactive(String(form.Name)), 'FormInactive');
}
