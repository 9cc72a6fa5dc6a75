import type { FastifyInstance } from 'fastify';
import { maskRecord, moduleGatedFields } from '../../lib/crud/record-access.ts';
import { actorHoldsEveryPrivilegeOf } from './credential-access.ts';

type Row = Record<string, unknown>;

/**
 * A user record as the user record routes (`urls`) answer it, for the caller:
 * - without the fields gated behind a module the caller lacks (a user's Role and Permissions need module Role):
 *   the caller's form does not draw them, and a form sends back what it read, which the save would refuse;
 * - with CredentialsLocked: true when the caller may not change how that user signs in, so the form shows those
 *   fields locked with the reason (users.json form.lockWhen). The save refuses such a change anyway.
 */
export function shapeUserRecordAnswers(app: FastifyInstance, urls: string[], fieldModules: Record<string, string> | undefined): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const record = payload as Row | null;
    if (!urls.includes(request.routeOptions.url ?? '') || (reply.statusCode !== 200 && reply.statusCode !== 201) || !request.principal || typeof record?.UserId !== 'number') return payload;
    const target = await app.db('users').where({ UserId: record.UserId }).first('UserId', 'IsMaster');
    const allowed = Boolean(target) && (await actorHoldsEveryPrivilegeOf(app.db, request.principal, target));
    return { ...maskRecord(record, await moduleGatedFields(app.db, request.principal, fieldModules)), CredentialsLocked: !allowed };
  });
}
