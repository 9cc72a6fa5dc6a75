import type { Knex } from 'knex';
import type { Widget } from '../../../metadata/types/Widget.ts';
import { HttpError } from '../../lib/http-error.ts';

export type WidgetKind = Widget['Kind'];
export type WidgetSize = Widget['Placements'][number]['Size'];

/** A widget as the manager lists it: its definition and each role showing it, with the role's name. */
export interface ManagedWidget extends Widget {
  WidgetId: number;
  Placements: Array<{ RoleId: number; RoleName: string; Size: WidgetSize; SortOrder: number }>;
}

/** A widget as one user's home shows it: the placement of the first of the user's roles that shows it. */
export interface HomeWidget { WidgetId: number; Kind: WidgetKind; Title: string; Size: WidgetSize; SortOrder: number }

/** The definition a kind's data call reads. */
export interface WidgetDefinition { WidgetId: number; Kind: WidgetKind; Title: string; Source: number | null; Options: Record<string, unknown> }

export const widgetGone = () => HttpError.of(404, 'This widget does not exist.', null, 'NotFound');

/** Every widget (or the one named) with where it is placed, newest last. */
export async function managedWidgets(db: Knex, onlyId?: number): Promise<ManagedWidget[]> {
  const only = (q: Knex.QueryBuilder, column: string) => (onlyId === undefined ? q : q.where(column, onlyId));
  const widgets: WidgetDefinition[] = await only(db('widgets'), 'WidgetId').orderBy('WidgetId').select('WidgetId', 'Kind', 'Title', 'Source', 'Options');
  const placements: Array<{ WidgetId: number; RoleId: number; RoleName: string; Size: WidgetSize; SortOrder: number }> = await only(db('widget_placements as p'), 'p.WidgetId')
    .join('roles as r', 'r.RoleId', 'p.RoleId').orderByRaw('lower(r.name), p.sort_order')
    .select('p.WidgetId', 'p.RoleId', 'r.Name as RoleName', 'p.Size', 'p.SortOrder');
  return widgets.map((w) => ({ ...w, Placements: placements.filter((p) => p.WidgetId === w.WidgetId).map(({ WidgetId: _w, ...p }) => p) }));
}

/** One widget with where it is placed (404 when there is none). */
export async function managedWidget(db: Knex, widgetId: number): Promise<ManagedWidget> {
  const found = (await managedWidgets(db, widgetId))[0];
  if (!found) throw widgetGone();
  return found;
}

/** The widgets placed on one role's home, in their order. */
export async function roleWidgets(db: Knex, roleId: number): Promise<Array<HomeWidget & { RoleId: number }>> {
  return db('widget_placements as p').join('widgets as w', 'w.WidgetId', 'p.WidgetId').where('p.RoleId', roleId)
    .orderBy([{ column: 'p.SortOrder' }, { column: 'p.WidgetId' }]).select('p.WidgetId', 'p.RoleId', 'w.Kind', 'w.Title', 'p.Size', 'p.SortOrder');
}

/**
 * Writes a widget's definition and its placements: a role kept keeps its place in that role's order, a role added
 * puts the widget last on its home, a role dropped takes it off. No cap on how many widgets a home shows.
 */
export async function saveWidget(trx: Knex, id: number | null, body: Widget, userName: string): Promise<number> {
  const values = { Kind: body.Kind, Title: body.Title.trim(), Source: body.Source ?? null, Options: JSON.stringify(body.Options ?? {}) };
  let widgetId = id;
  if (widgetId === null) {
    [{ WidgetId: widgetId }] = await trx('widgets').insert({ ...values, CreatedBy: userName }).returning('WidgetId');
  } else {
    const updated = await trx('widgets').where({ WidgetId: widgetId }).update({ ...values, UpdatedBy: userName, UpdatedDate: trx.fn.now() });
    if (!updated) throw widgetGone();
  }
  const roleIds = body.Placements.map((p) => p.RoleId);
  await trx('widget_placements').where({ WidgetId: widgetId }).whereNotIn('RoleId', roleIds).delete();
  for (const placement of body.Placements) {
    const kept = await trx('widget_placements').where({ WidgetId: widgetId, RoleId: placement.RoleId }).update({ Size: placement.Size });
    if (kept) continue;
    const last = await trx('widget_placements').where({ RoleId: placement.RoleId }).max('SortOrder as Last').first();
    await trx('widget_placements').insert({ WidgetId: widgetId, RoleId: placement.RoleId, Size: placement.Size, SortOrder: Number(last?.Last ?? 0) + 1 });
  }
  return widgetId!;
}

/** Puts one role's widgets in the order given, which must name each widget placed on that role's home exactly once. */
export async function arrangeRole(trx: Knex, roleId: number, widgetIds: number[]): Promise<void> {
  const placed: number[] = (await trx('widget_placements').where({ RoleId: roleId }).forUpdate().select('WidgetId')).map((p: { WidgetId: number }) => p.WidgetId);
  const same = placed.length === widgetIds.length && new Set(widgetIds).size === widgetIds.length && widgetIds.every((id) => placed.includes(id));
  if (!same) throw HttpError.of(409, "The role's widgets have changed since they were read: reload and arrange them again.", 'WidgetIds', 'Reorder');
  for (const [i, widgetId] of widgetIds.entries()) await trx('widget_placements').where({ RoleId: roleId, WidgetId: widgetId }).update({ SortOrder: i + 1 });
}

/** The user's active roles, as a subquery. */
const rolesOf = (db: Knex, userId: number) => db('user_roles as ur').join('roles as r', 'r.RoleId', 'ur.RoleId').where({ 'ur.UserId': userId, 'r.IsActive': true }).select('ur.RoleId');

/**
 * The widgets placed on the home of any role the user holds, each once (the placement first in order decides its
 * place and size), in order; with those the user hid apart, so they can be shown again.
 */
export async function homeWidgetsOf(db: Knex, userId: number): Promise<{ Widgets: HomeWidget[]; Hidden: HomeWidget[] }> {
  const first = db('widget_placements as p').join('widgets as w', 'w.WidgetId', 'p.WidgetId').whereIn('p.RoleId', rolesOf(db, userId))
    .distinctOn('p.WidgetId').orderBy([{ column: 'p.WidgetId' }, { column: 'p.SortOrder' }, { column: 'p.RoleId' }])
    .select('p.WidgetId', 'w.Kind', 'w.Title', 'p.Size', 'p.SortOrder');
  const rows: Array<HomeWidget & { IsHidden: boolean }> = await db.from(first.as('placed'))
    .select('placed.*', db.raw('exists (select 1 from user_hidden_widgets h where h.widget_id = placed.widget_id and h.user_id = ?) as is_hidden', [userId]))
    .orderBy([{ column: 'placed.SortOrder' }, { column: 'placed.WidgetId' }]);
  const strip = ({ IsHidden: _h, ...w }: HomeWidget & { IsHidden: boolean }) => w;
  return { Widgets: rows.filter((r) => !r.IsHidden).map(strip), Hidden: rows.filter((r) => r.IsHidden).map(strip) };
}

/** A widget placed on the home of a role the user holds (else 404, as one that does not exist). */
export async function placedFor(db: Knex, userId: number, widgetId: number): Promise<WidgetDefinition> {
  const widget = await db('widgets as w').where('w.WidgetId', widgetId)
    .whereExists((q) => q.from('widget_placements as p').whereRaw('p.widget_id = w.widget_id').whereIn('p.RoleId', rolesOf(db, userId)))
    .first('w.WidgetId', 'w.Kind', 'w.Title', 'w.Source', 'w.Options');
  if (!widget) throw widgetGone();
  return widget;
}

/** Hides (or shows again) a widget of the user's home, for that user alone. */
export async function setHidden(db: Knex, userId: number, widgetId: number, hidden: boolean): Promise<void> {
  await placedFor(db, userId, widgetId);
  if (hidden) await db('user_hidden_widgets').insert({ UserId: userId, WidgetId: widgetId }).onConflict(['UserId', 'WidgetId']).ignore();
  else await db('user_hidden_widgets').where({ UserId: userId, WidgetId: widgetId }).delete();
}
