import type { FastifyInstance } from 'fastify';
import { noValuesBody } from '../../lib/crud/form-body.ts';
import { HttpError } from '../../lib/http-error.ts';
import { openReportsDatabase, readOnly, reportSettings } from '../reports/reports-db.ts';
import { widgetKinds } from './kinds/index.ts';
import { homeAnswer, widgetIdParams } from './schemas.ts';
import { homeWidgetsOf, placedFor, setHidden } from './store.ts';

const tags = ['home'];
const access = 'session' as const;
// An administrator viewing as another user sees that user's home, through that user's access; hiding is refused then.
const config = { access, followsViewAs: true };

/** WIDGET_TIMEOUT_SECONDS: how long one widget's data may take before it is stopped (10 s; tests lower it). */
export function widgetTimeoutSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.WIDGET_TIMEOUT_SECONDS || 10);
  if (!(seconds > 0)) throw new Error(`WIDGET_TIMEOUT_SECONDS must be a number above 0, not "${env.WIDGET_TIMEOUT_SECONDS}"`);
  return seconds;
}

export const widgetTimeoutMessage = (seconds: number) => `This widget took longer than ${seconds} seconds and was stopped.`;

/**
 * /home's calls for every signed-in user: the widgets placed for any role they hold (each once, in order, minus those
 * they hid), hiding and showing one again, and each widget's data on its own call, in a read-only transaction under
 * its own time limit, so a slow or failing widget never holds or fails the others.
 */
export default async function homeRoutes(app: FastifyInstance) {
  const seconds = widgetTimeoutSeconds();
  const reportsUrl = reportSettings().databaseUrl;
  const reportsDb = reportsUrl ? openReportsDatabase(reportsUrl) : null;
  if (reportsDb) app.addHook('onClose', async () => reportsDb.destroy());
  const userOf = (request: { principal?: { UserId: number } }) => request.principal!.UserId;

  app.get('/api/home/widgets', {
    config,
    schema: { tags, summary: "The signed-in user's home widgets in order, and those they hid.", response: { 200: homeAnswer } },
  }, async (request) => homeWidgetsOf(app.db, userOf(request)));

  for (const [action, hidden] of [['hide', true], ['unhide', false]] as const) {
    app.post<{ Params: { id: number } }>(`/api/home/widgets/:id/${action}`, {
      config,
      schema: { tags, summary: hidden ? 'Hide a widget from your own home.' : 'Show a widget you hid on your home again.', params: widgetIdParams, body: noValuesBody },
    }, async (request, reply) => {
      await setHidden(app.db, userOf(request), request.params.id, hidden);
      return reply.code(204).send();
    });
  }

  app.get<{ Params: { id: number } }>('/api/home/widgets/:id/data', {
    config,
    schema: { tags, summary: "One widget's data for the signed-in user, read through their access; 408 when it takes longer than the limit.", params: widgetIdParams },
  }, async (request) => {
    const widget = await placedFor(app.db, userOf(request), request.params.id);
    const context = { userId: userOf(request), widget, sessionIdleSeconds: app.config.sessionIdleSeconds, reportsDb, timeoutSeconds: seconds };
    try {
      return await readOnly(app.db, seconds, (trx) => widgetKinds[widget.Kind].data({ ...context, db: trx }));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 408) throw HttpError.of(408, widgetTimeoutMessage(seconds), null, 'WidgetTimeout');
      throw error;
    }
  });
}
