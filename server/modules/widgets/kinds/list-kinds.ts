import { withRowRule } from '../../../lib/crud/record-access.ts';
import { moduleAccessOf } from '../../access/effective-access.ts';
import { builtForm } from '../../forms/built-forms.ts';
import { recordTableName } from '../../forms/definition-sync.ts';
import { reportableFields } from '../../reports/form-fields.ts';
import { reportsFor } from '../../reports/store.ts';
import { limitedRoleSessions } from '../../sessions/admin-routes.ts';
import { sessionAdminModule } from '../../sessions/termination.ts';
import type { ErrorItem } from '../../../../engine/core/error-items.ts';
import { formReadAccess } from './form-access.ts';
import { problem, sourceGone, type KindContext, type ListItem, type WidgetKindServer } from './kind.ts';
import { shippedForm } from '../../public-pages/shipped-forms.ts';

/** A list widget's answer: its lines, and what it says when there are none. */
const listed = (Items: ListItem[], Empty: string) => ({ Items, Empty });

const limitOf = (ctx: KindContext, fallback: number) => {
  const limit = Number(ctx.widget.Options.Limit);
  return Number.isInteger(limit) && limit > 0 && limit <= 50 ? limit : fallback;
};

/** The user's favourite report filters, of the reports they may still run. */
export const favouritesKind: WidgetKindServer = {
  async data(ctx) {
    const runnable = new Map((await reportsFor(ctx.db, ctx.userId)).map((r) => [Number(r.ReportId), String(r.ReportDispName)]));
    const favourites: Array<{ ReportId: number; Name: string }> = await ctx.db('user_favorite_reports').where({ UserId: ctx.userId })
      .orderByRaw('lower(name)').select('ReportId', 'Name');
    return listed(favourites.filter((f) => runnable.has(f.ReportId)).slice(0, limitOf(ctx, 10))
      .map((f) => ({ Title: f.Name, Detail: runnable.get(f.ReportId), Url: `/reportmodule/view?reportId=${f.ReportId}` })), 'No favourite reports yet.');
  },
};

const actionWords: Record<string, string> = { create: 'Created', update: 'Changed', deactivate: 'Deactivated', delete: 'Deleted' };

/**
 * The built forms' records the user most recently created or changed (the audit trail), each once, of the forms they may
 * read (their module or a page of theirs) and only while the row rule still lets them read the record.
 */
export const recentKind: WidgetKindServer = {
  async data(ctx) {
    const limit = limitOf(ctx, 8);
    const entries: Array<{ Entity: string; RecordId: number; Action: string; ChangedAt: Date }> = await ctx.db.from(
      ctx.db('audit_entries').where('ChangedById', ctx.userId).whereRaw("entity ~ '^form-[0-9]+$'")
        .distinctOn('Entity', 'RecordId').orderBy([{ column: 'Entity' }, { column: 'RecordId' }, { column: 'AuditId', order: 'desc' }])
        .select('Entity', 'RecordId', 'Action', 'ChangedAt', 'AuditId').as('latest'),
    ).orderBy('AuditId', 'desc').limit(200).select('*');
    const items: ListItem[] = [];
    const forms = new Map<number, Awaited<ReturnType<typeof readableRecords>>>();
    for (const entry of entries) {
      if (items.length >= limit) break;
      const formId = Number(entry.Entity.slice('form-'.length));
      if (!forms.has(formId)) forms.set(formId, await readableRecords(ctx, formId));
      const form = forms.get(formId);
      if (!form || !(await form.reads(entry.RecordId))) continue;
      const url = (form.routes.update ?? form.routes.list ?? '').replace(':id', String(entry.RecordId));
      items.push({ Title: `${form.name} #${entry.RecordId}`, Detail: `${actionWords[entry.Action] ?? entry.Action} ${new Date(entry.ChangedAt).toISOString()}`, ...(url ? { Url: url } : {}) });
    }
    return listed(items, 'No records changed recently.');
  },
};

/** Whether the user may read a form's record by id now, through the module and the row rule; null when not the form. */
async function readableRecords(ctx: KindContext, formId: number) {
  const built = await builtForm(ctx.db, formId);
  if (!built) return null;
  const access = await formReadAccess(ctx.db, ctx.userId, formId);
  if (!access) return null;
  return {
    name: built.form.Name,
    routes: access.routes as Record<string, string | undefined>,
    reads: async (recordId: number) => Boolean(await withRowRule(ctx.db(recordTableName(formId)).where('RecordId', recordId), 'CreatedById', access.principal,
      built.form.IsCircleable ? 'AtomicCircleId' : undefined).first('RecordId')),
  };
}

/** Roles with a concurrent-user limit and how many of their users are signed in: for holders of session administration. */
export const sessionsKind: WidgetKindServer = {
  async data(ctx) {
    if (!(await moduleAccessOf(ctx.db, ctx.userId, sessionAdminModule)).holdsModule) throw sourceGone();
    const roles = await limitedRoleSessions(ctx.db, ctx.sessionIdleSeconds, ctx.userId);
    return listed(roles.map((r) => ({ Title: r.RoleName, Detail: `${r.ConcurrentUsersCurrentNumber} of ${r.ConcurrentUsersMaxNumber} active`, Url: '/session/list' })),
      'There are no roles with concurrent user limits to display.');
  },
};

/** The form the bulletins are records of, known by its name. */
export const bulletinsFormName = 'Bulletins';

/** The published bulletins (active, published by today, not expired), newest first; none while the form does not exist. */
export const bulletinsKind: WidgetKindServer = {
  async data(ctx) {
    const none = listed([], 'No bulletins');
    // The shipped Bulletins form by its key (a rename keeps it), else a form an administrator named so.
    const shipped = await shippedForm(ctx.db, 'Bulletins');
    const form = shipped ? { FormId: shipped.built.form.FormId } : await ctx.db('forms').where({ Name: bulletinsFormName, IsActive: true }).whereNull('Source').first('FormId');
    const found = form ? await reportableFields(ctx.db, form.FormId) : null;
    const [title, published, expires] = ['Title', 'PublishDate', 'ExpiryDate'].map((name) => found?.fields.get(shipped ? shipped.column(name) : name)?.value);
    if (!found || !title || !published || !expires) return none;
    const rows: Array<{ RecordId: number; Title: string; Published: string | null }> = await ctx.db(`${recordTableName(form.FormId)} as r`)
      .where('r.IsActive', true).whereRaw(`${published} <= current_date and (${expires} is null or ${expires} >= current_date)`)
      .orderByRaw(`${published} desc, r.record_id desc`).limit(limitOf(ctx, 5))
      .select('r.RecordId', ctx.db.raw(`${title} as title`), ctx.db.raw(`to_char(${published}, 'YYYY-MM-DD') as published`));
    return rows.length ? listed(rows.map((r) => ({ Title: r.Title, Detail: r.Published ?? '', Url: `/bulletin/view/${r.RecordId}` })), 'No bulletins') : none;
  },
};

/** A link is a path of this application or an http(s) address: never script or data. */
const isSafeUrl = (url: string) => /^\/(?!\/)/.test(url) || /^https?:\/\/[^\s]+$/i.test(url);

/** Quick links, kept in the widget's options as a list of titles and addresses. */
export const linksKind: WidgetKindServer = {
  async data(ctx) {
    const links = Array.isArray(ctx.widget.Options.Links) ? (ctx.widget.Options.Links as Array<{ Title?: unknown; Url?: unknown }>) : [];
    return listed(links.filter((l) => typeof l.Title === 'string' && typeof l.Url === 'string' && isSafeUrl(l.Url))
      .map((l) => ({ Title: l.Title as string, Url: l.Url as string })), 'No links yet.');
  },
  async check(_db, widget) {
    const links = widget.Options.Links;
    if (!Array.isArray(links) || !links.length) return [problem('Options/Links', 'Add at least one link.')];
    const errors: ErrorItem[] = [];
    links.forEach((l: { Title?: unknown; Url?: unknown }, i) => {
      if (typeof l?.Title !== 'string' || !l.Title.trim()) errors.push(problem(`Options/Links/${i}/Title`, 'Title is required.'));
      if (typeof l?.Url !== 'string' || !isSafeUrl(l.Url)) errors.push(problem(`Options/Links/${i}/Url`, 'Give a path of this application (/...) or an http(s) address.'));
    });
    return errors;
  },
};
