import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { idParams } from '../../lib/crud/register-crud.ts';
import * as schemas from './schemas.ts';
import { reportFor } from './store.ts';
import { reportModule } from './sync.ts';

const tags = ['reports'];
const access = { module: reportModule };

interface FavoriteParam { name?: string; value?: unknown; controlType?: number; parameterId?: number | null; valueId?: unknown }
interface FavoriteBody { reportId: number; name: string; params?: FavoriteParam[] }

/** A user's favourites of a report (spec 3 "Favorite report"): named sets of parameter values, each user's own only. */
export default async function favoriteRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { reportId: number } }>('/api/reports/favorites', {
    config: { access },
    schema: { tags, summary: "The user's own favourites of a report, newest first.", querystring: schemas.favoritesQuery, response: { 200: schemas.favoritesAnswer } },
  }, async (request) => {
    const userId = request.principal!.UserId;
    await reportFor(app.db, userId, request.query.reportId);
    const rows: Array<{ Id: number; Name: string; Params: FavoriteParam[] }> = await app.db('user_favorite_reports')
      .where({ UserId: userId, ReportId: request.query.reportId }).orderBy([{ column: 'CreatedAt', order: 'desc' }, { column: 'Id', order: 'desc' }]).select('Id', 'Name', 'Params');
    return rows.map((r) => ({
      UserFavoriteReportId: r.Id, Name: r.Name,
      Params: r.Params.map((p) => ({ Name: p.name, Value: p.value ?? null, ControlType: p.controlType, ParameterId: p.parameterId ?? null, ValueId: p.valueId ?? null })),
    }));
  });

  app.post<{ Body: FavoriteBody }>('/api/reports/favorites', {
    config: { access },
    schema: { tags, summary: 'Save a favourite: the parameter values under a name; the same name again replaces it (200).', body: schemas.favoriteBody, response: { 200: schemas.favoriteSaved, 201: schemas.favoriteSaved } },
  }, async (request, reply) => {
    const userId = request.principal!.UserId;
    const name = request.body.name.trim();
    if (!name) throw HttpError.of(400, 'Name is required.', 'name', 'required');
    await reportFor(app.db, userId, request.body.reportId);
    const { rows } = (await app.db.raw(`insert into user_favorite_reports (user_id, report_id, name, params) values (?, ?, ?, ?::jsonb)
      on conflict (user_id, report_id, name) do update set params = excluded.params, created_at = now()
      returning id, (xmax = 0) as inserted`, [userId, request.body.reportId, name, JSON.stringify(request.body.params ?? [])])) as { rows: Array<{ Id: number; Inserted: boolean }> };
    return reply.status(rows[0].Inserted ? 201 : 200).send({ UserFavoriteReportId: rows[0].Id });
  });

  app.delete<{ Params: { id: number } }>('/api/reports/favorites/:id', {
    config: { access },
    schema: { tags, summary: "Delete one of the user's own favourites (another user's: 404).", params: idParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    const deleted = await app.db('user_favorite_reports').where({ Id: request.params.id, UserId: request.principal!.UserId }).delete().returning('Id');
    if (!deleted.length) throw HttpError.of(404, 'This favourite does not exist.', null, 'NotFound');
    return reply.status(204).send();
  });
}
