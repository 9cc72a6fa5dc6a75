import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Spec 1 section 5: the update user form has Confirm Email Address, required and equal to Email Address. The server does
 * not keep a confirmation, so the form starts it as the stored address; a call that leaves it out while keeping the
 * stored address (sending it unchanged, or not at all: a user without the Email Address field keeps it as stored) has
 * nothing to confirm, and is taken as confirming it. A changed address must come with its confirmation, or the update is
 * refused ('Confirm Email Address is required.', or 'Must equal Email Address.'). Runs after the route's schema check,
 * before the handler, which compares the two as it keeps them (the stored address for a caller who may not change it).
 */
export function confirmUnchangedEmail(app: FastifyInstance, url: string): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.method !== 'POST' || request.routeOptions.url !== url) return;
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body) || body.ConfirmEmailAddress !== undefined) return;
    if (body.EmailAddress !== undefined && typeof body.EmailAddress !== 'string') return;
    const id = Number((request.params as { id?: unknown }).id);
    if (!Number.isInteger(id) || id < 1) return;
    const stored = await app.db('users').where({ UserId: id }).first('EmailAddress');
    if (stored && (body.EmailAddress === undefined || stored.EmailAddress === body.EmailAddress)) body.ConfirmEmailAddress = stored.EmailAddress;
  });
}
