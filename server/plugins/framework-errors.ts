import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Refusals the router makes before any route or error handler runs (a URL that cannot be decoded, a path
 * parameter longer than the router allows) leave in the one error shape too, not Fastify's own.
 * Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A value in the address is too long.' : 'The address is not valid.';
  void reply.status(status).send([{ PropertyName: null, ErrorMessage: message, ErrorCode: error.code ?? status }]);
}
