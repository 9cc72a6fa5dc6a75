import type { FastifyInstance } from 'fastify';
import type { Api } from './seed-through-api.ts';

/** A shipped form's id here (metadata/forms/public-pages.json, applied at start). */
export async function shippedFormId(app: FastifyInstance, name: 'Bulletins' | 'Contact Messages' | 'Schedule Items'): Promise<number> {
  return (await app.db('forms').where({ Name: name }).first('FormId')).FormId as number;
}

/** A schedule status's item id by name (the ScheduleStatus list shipped with the form). */
export async function scheduleStatusId(app: FastifyInstance, name: string): Promise<number> {
  return (await app.db('simple_lookup_items').where({ Name: name }).first('SimpleLookupItemId')).SimpleLookupItemId as number;
}

/** Today as the server's calendar day. */
export const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** A record of each shipped form, made as an administrator makes one (the walks open each form's :id routes). */
export async function seedPublicPageRecords(app: FastifyInstance, api: Api): Promise<{ bulletinId: number }> {
  const post = async (form: Parameters<typeof shippedFormId>[1], values: object) =>
    (await api.post<{ RecordId: number }>(`/api/forms/${await shippedFormId(app, form)}/records`, values, 201)).RecordId;
  const bulletinId = await post('Bulletins', { Title: 'Office closed on Friday', Body: '<p>The office is <strong>closed</strong> on Friday.</p>', PublishDate: today() });
  await post('Contact Messages', { Name: 'Ada Visitor', Email: 'ada@example.com', Subject: 'Opening hours', Message: 'Are you open on Sunday?' });
  await post('Schedule Items', { Title: 'Morning briefing', StartsAt: new Date().toISOString(), Place: 'Room 1', Status: await scheduleStatusId(app, 'Scheduled') });
  return { bulletinId };
}
