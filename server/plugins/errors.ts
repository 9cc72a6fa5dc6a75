import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ajvErrorsToItems, type ErrorItem } from '../../engine/core/error-items.ts';
import { HttpError } from '../lib/http-error.ts';
import { dataExceptionItems } from '../lib/database-errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { pageSizeMessage } from '../lib/list/schemas.ts';

const systemError = 'A system error has occurred. Please try again, and contact your site administrator if it persists.';
const unavailable = 'The service is temporarily unavailable. Please try again in a moment.';
/** How long a client is asked to wait before trying again after a 503. */
const retryAfterSeconds = 5;

export const notJsonMessage = 'The request body must be sent as JSON (Content-Type: application/json).';

/** A body that is not what the route takes at all (a string, a number, a list where an object is due): said as such. */
function bodyTypeError(type: unknown): ErrorItem {
  const types = (Array.isArray(type) ? type : String(type).split(',')).filter((t) => t !== 'null');
  const words = types.map((t) => (t === 'object' ? 'a JSON object' : t === 'array' ? 'a JSON list' : `JSON ${t}`)).join(' or ');
  return { PropertyName: null, ErrorMessage: `The request body must be ${words}.`, ErrorCode: 'BodyType' };
}

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
      const validation = fe.validation as unknown as ErrorObject[];
      const wholeBody = fe.validationContext === 'body' && validation.find((e) => e.instancePath === '' && e.keyword === 'type');
      items = wholeBody ? [bodyTypeError(wholeBody.params.type)] : ajvErrorsToItems(validation, schemaFor(request, fe.validationContext));
      // A list's page size says its range (ajv's 'Must be greater than or equal to 1.' names nothing).
      if (fe.validationContext === 'querystring') items = items.map((item) => (item.PropertyName === 'pageSize' ? { ...item, ErrorMessage: pageSizeMessage } : item));
    } else if (dataExceptionItems(error)) {
      status = 400;
      items = dataExceptionItems(error)!;
    } else {
      status = (error as FastifyError).statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        items = [{ PropertyName: null, ErrorMessage: systemError, ErrorCode: 500 }];
      } else if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        items = [{ PropertyName: null, ErrorMessage: notJsonMessage, ErrorCode: 'UnsupportedMediaType' }];
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
