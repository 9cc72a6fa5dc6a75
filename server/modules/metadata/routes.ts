import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { moduleAccessOf } from '../access/effective-access.ts';
import { entityForUser, moduleGatedFields, screenForUser } from '../../lib/crud/record-access.ts';
import { activeStateHelp, activeStateRoute, readOnlyFieldHelp } from '../../lib/crud/read-only-fields.ts';
import { messages } from '../../plugins/access.ts';
import { screenPayload } from '../forms/screens.ts';

/** Screen documents with their entity schema: the client renders every ordinary screen from these. */
export default async function metadataRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/api/metadata/screens/:id', {
    config: { access: 'session', followsViewAs: true },
    schema: {
      tags: ['metadata'],
      summary: 'A screen document and the JSON Schema of its entity.',
      params: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$' } } },
    },
  }, async (request) => {
    const payload = await screenPayload(app, request.params.id);
    if (!payload) throw HttpError.of(404, `There is no screen ${request.params.id}.`);
    const { screen, entity } = payload;
    const user = request.principal!;
    if (!screen.module || user.IsMaster) return { Screen: screen, Schema: entity };
    // Is Active follows the delete-or-deactivate route node: asked in the same evaluation (holdsRoute is true without one).
    const access = await moduleAccessOf(app.db, user.UserId, screen.module, activeStateRoute(screen));
    if (!access.holdsModule) throw HttpError.of(403, messages.noAccess);
    // The user's own form and list: fields they may not see, or may not change for want of a further module, are not
    // drawn nor described; those they hold read-only are drawn read-only, and so is Is Active without the right to deactivate.
    const denied = [...access.deniedFields, ...(await moduleGatedFields(app.db, user, screen.form?.fieldModules))];
    const readOnly = new Map(access.readOnlyFields.map((field) => [field, readOnlyFieldHelp]));
    if (screen.form?.fields.update.includes('IsActive') && !access.holdsRoute) readOnly.set('IsActive', activeStateHelp);
    return { Screen: screenForUser(screen, denied, readOnly), Schema: entityForUser(entity, denied) };
  });
}
