import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { publicReadLimit } from './public-limits.ts';
import { shippedForm } from './shipped-forms.ts';

/** The display shows today and the six days after it: no more is answered, whatever is asked. */
const windowDays = 7;
/** The viewer's midnight is within a day of now, wherever the wall display hangs. */
const clockSlackHours = 26;
const maxItems = 300;

const item = {
  type: 'object', additionalProperties: false,
  properties: {
    Id: { type: 'integer' }, Title: { type: 'string' }, StartsAt: { type: 'string' }, EndsAt: { type: ['string', 'null'] },
    Place: { type: ['string', 'null'] }, Status: { type: ['string', 'null'] },
  },
} as const;

/**
 * /scheduleBigPicture (spec 1 section 2, no sign-in): the active Schedule Items from the viewer's midnight (the
 * display's own day) for a week, ordered by start, with only what the wall shows: title, times, place, status name.
 */
export default async function scheduleRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { from: string } }>('/api/public/schedule', {
    config: { access: 'public' },
    onRequest: publicReadLimit(app),
    schema: {
      tags: ['public pages'], summary: "The schedule items of today and the week, from the viewer's midnight (from, in UTC), for the big-picture display.",
      querystring: { type: 'object', additionalProperties: false, required: ['from'], properties: { from: { type: 'string', format: 'date-time' } } },
      response: { 200: { type: 'object', properties: { From: { type: 'string' }, To: { type: 'string' }, Items: { type: 'array', items: item } } } },
    },
  }, async (request) => {
    const from = new Date(request.query.from);
    if (Math.abs(from.getTime() - Date.now()) > clockSlackHours * 3600_000) {
      throw HttpError.of(400, "The display's day must be today.", 'from', 'OutOfRange');
    }
    const to = new Date(from.getTime() + windowDays * 86400_000);
    const form = await shippedForm(app.db, 'Schedule Items');
    if (!form || !['Title', 'StartsAt'].every(form.has)) return { From: from.toISOString(), To: to.toISOString(), Items: [] };
    const [title, starts, ends, place, status] = ['Title', 'StartsAt', 'EndsAt', 'Place', 'Status'].map(form.column);
    const db = app.db;
    // Times are stored as ISO text in UTC (the dateTime field type): compared as times, not as text.
    const startsAt = db.raw('(r.??)::timestamptz', [starts]);
    const endsAt = form.has('EndsAt') ? db.raw('(r.??)::timestamptz', [ends]) : startsAt;
    const rows = await db({ r: form.table })
      .modify((q) => { if (form.has('Status')) q.leftJoin({ s: 'simple_lookup_items' }, 's.SimpleLookupItemId', `r.${status}`); })
      .where('r.IsActive', true)
      .where(startsAt, '<', to.toISOString())
      .where(db.raw('coalesce(?, ?)', [endsAt, startsAt]), '>=', from.toISOString())
      .orderByRaw('(r.??)::timestamptz, r.record_id', [starts])
      .limit(maxItems)
      .select({
        Id: 'r.RecordId', Title: `r.${title}`, StartsAt: `r.${starts}`,
        EndsAt: form.has('EndsAt') ? `r.${ends}` : db.raw('null'), Place: form.has('Place') ? `r.${place}` : db.raw('null'),
        Status: form.has('Status') ? 's.Name' : db.raw('null'),
      });
    return { From: from.toISOString(), To: to.toISOString(), Items: rows };
  });
}
