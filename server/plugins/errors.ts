import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ajvErrorsToItems, type ErrorItem } from '../../engine/core/error-items.ts';
import { HttpError } from '../lib/http-error.ts';
import { dataExceptionItems } from '../lib/database-errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

const systemError = 'A system error has occurred. Please try again, and contact your site administrator if it persists.';
const unavailable = 'The service is temporarily unavailable. Please try again in a moment.';
/** How long a client is asked to wait before trying again after a 503. */
const retryAfterSeconds = 5;

function schemaFor(request: FastifyRequest, context: string | undefined) {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  const part = context === 'querystring' ? schema?.querystring : context === 'params' ? schema?.params : schema?.body;
  return part as { properties?: Record<string, { title?: string }> } | undefined;
}

/** Every failure leaves as the specification's error items, with the right status and never a stack trace. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status: number;
    let items: ErrorItem[];
    if (error instanceof HttpError) {
      status = error.statusCode;
      items = error.items;
    } else if (isDatabaseUnavailable(error)) {
      // The database is down or unreachable: nothing is wrong with the request, so the client may try it again.
      status = 503;
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', retryAfterSeconds);
      items = [{ PropertyName: null, ErrorMessage: unavailable, ErrorCode: 'ServiceUnavailable' }];
    } else if ((error as FastifyError).validation) {
      status = 400;
      const fe = error as FastifyError;
      items = ajvErrorsToItems(fe.validation as unknown as ErrorObject[], schemaFor(request, fe.validationContext));
    } else if (dataExceptionItems(error)) {
      status = 400;
      items = dataExceptionItems(error)!;
    } else {
      status = (error as FastifyError).statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        items = [{ PropertyName: null, ErrorMessage: systemError, ErrorCode: 500 }];
      } else {
        items = [{ PropertyName: null, ErrorMessage: error.message, ErrorCode: (error as FastifyError).code ?? status }];
      }
    }
    if (status < 500) request.log.info({ status, items }, 'request refused');
    return reply.status(status).send(items);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send([{ PropertyName: null, ErrorMessage: `No route ${request.method} ${request.url.split('?')[0]}.`, ErrorCode: 404 }]),
  );
});
