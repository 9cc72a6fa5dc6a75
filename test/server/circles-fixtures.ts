import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { injectAs, type SignedIn } from './helper.ts';

/** Calls of the circle tests as one signed-in user, failing loudly when a setup call is refused. */
export function circleCalls(app: FastifyInstance, who: () => SignedIn) {
  const call = (options: InjectOptions) => injectAs(app, who(), options);
  const get = (url: string) => call({ method: 'GET', url });
  const post = (url: string, payload: object) => call({ method: 'POST', url, payload });
  /** A successful setup write: its answer. */
  async function ok(url: string, payload: object, status = 201) {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  return {
    call, get, post, ok,
    atomic: async (Name: string, extra: object = {}) => (await ok('/api/circles/atomic', { Name, Description: null, IsActive: true, ...extra })).AtomicCircleId as number,
    /** A built form with one text field (its four row actions are made by the database), circleable or not. */
    async form(Name: string, IsCircleable: boolean) {
      const form = await ok('/api/forms', { Name, Description: null, CanHaveEav: true, IsCircleable, IsActive: true });
      await ok('/api/formfields', { FormId: form.FormId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
      const actions: Array<{ ActionId: number; RouteKind: string }> = await app.db('page_actions').where({ FormId: form.FormId }).orderBy('SortOrder').select('ActionId', 'RouteKind');
      return { formId: form.FormId as number, actions: Object.fromEntries(actions.map((a) => [a.RouteKind, a.ActionId])) as Record<'read' | 'create' | 'update' | 'delete', number> };
    },
  };
}

/** Everything an aggregate write could touch, to show a refused one left no trace. */
export async function circleState(app: FastifyInstance) {
  const all = async (table: string) => JSON.stringify(await app.db(table).select('*').orderByRaw('1, 2'));
  return Promise.all(['aggregate_circles', 'aggregate_circle_roles', 'aggregate_circle_actions', 'user_aggregate_circles', 'atomic_circles', 'atomic_circle_roles', 'atomic_circle_actions', 'audit_entries'].map(all));
}
