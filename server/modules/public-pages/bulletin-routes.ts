import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { serverDay } from '../forms/built-forms.ts';
import { publicReadLimit } from './public-limits.ts';
import { shippedForm } from './shipped-forms.ts';

/** One answer for unknown, unpublished and expired alike: a visitor learns nothing of which it is. */
export const bulletinNotFound = 'This bulletin is not available. It may have expired or been withdrawn.';

const bulletin = {
  type: 'object', additionalProperties: false, required: ['Title', 'Body', 'PublishDate'],
  properties: { Title: { type: 'string' }, Body: { type: 'string' }, PublishDate: { type: 'string', format: 'date' } },
} as const;

/**
 * /bulletin/view/{id} (spec 1 section 2, reachable without sign-in): a bulletin of the shipped Bulletins form while
 * it is published (active, published on or before today, not expired before today), with only what the page shows.
 */
export default async function bulletinRoutes(app: FastifyInstance) {
  app.get<{ Params: { bulletinId: number } }>('/api/public/bulletins/:bulletinId', {
    config: { access: 'public' },
    onRequest: publicReadLimit(app),
    schema: {
      tags: ['public pages'], summary: 'A published bulletin: its title, sanitised body and publish date; 404 alike for unknown, unpublished and expired ones.',
      params: { type: 'object', required: ['bulletinId'], properties: { bulletinId: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      response: { 200: bulletin },
    },
  }, async (request) => {
    const form = await shippedForm(app.db, 'Bulletins');
    if (!form || !['Title', 'PublishDate'].every(form.has)) throw HttpError.of(404, bulletinNotFound, null, 'NotFound');
    const today = serverDay();
    const [title, body, publish, expiry] = ['Title', 'Body', 'PublishDate', 'ExpiryDate'].map(form.column);
    const row = await app.db(form.table)
      .where({ RecordId: request.params.bulletinId, IsActive: true })
      .where(publish, '<=', today)
      .modify((q) => { if (form.has('ExpiryDate')) q.where((e) => e.whereNull(expiry).orWhere(expiry, '>=', today)); })
      .first({ Title: title, PublishDate: app.db.raw('??::text', [publish]), ...(form.has('Body') ? { Body: body } : {}) });
    if (!row) throw HttpError.of(404, bulletinNotFound, null, 'NotFound');
    // Stored rich text was cleaned on its way in; cleaned again on its way out, as it is shown to anyone.
    return { Title: row.Title, Body: sanitizeRichText(String(row.Body ?? '')), PublishDate: row.PublishDate };
  });
}
