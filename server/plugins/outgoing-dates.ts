import fp from 'fastify-plugin';
import { outgoingDateErrors } from '../../engine/core/dates/outgoing.ts';
import { HttpError } from '../lib/http-error.ts';

/**
 * Dates reach the server in UTC (spec 1 section 5): a local date-time string without a UTC marker is
 * refused, whichever client sent it, with the same message the browser gives.
 */
export default fp(async function outgoingDates(app) {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') {
      const errors = outgoingDateErrors(request.body);
      if (errors.length) throw new HttpError(400, errors);
    }
  });
});
