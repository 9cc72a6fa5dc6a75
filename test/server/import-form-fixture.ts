import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

/**
 * A form to import into: Title (required, at most 20), Quantity (integer), Price (currency), Arrival (date), Severity
 * (select one of Low/High), Areas (select many), Urgent (yes/no) and Badge (a UDF).
 */
export async function shipmentForm(app: FastifyInstance, admin: SignedIn, name = 'Shipment') {
  const post = async (url: string, body: object) => {
    const res = await injectLocked(app, admin, { method: 'POST', url, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const listId = (await post('/api/lookup-tables', { SystemName: `${name.replace(/\W/g, '')}Severity`, DisplayName: `${name} Severity`, Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId as number;
  const items: Record<string, number> = {};
  for (const item of ['Low', 'High']) items[item] = (await post(`/api/simple-lookups/${listId}/items`, { Name: item, Description: null, IsActive: true })).Id;
  const formId = (await post('/api/forms', { Name: name, Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId as number;
  const field = (Name: string, FieldType: string, AttributeValues: object = {}, extra: object = {}) =>
    post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues, ...extra });
  const fieldIds: Record<string, number> = {};
  fieldIds.Title = (await field('Title', 'text', { required: true, maxLength: 20 })).FormFieldId;
  fieldIds.Quantity = (await field('Quantity', 'integer')).FormFieldId;
  fieldIds.Price = (await field('Price', 'currency')).FormFieldId;
  fieldIds.Arrival = (await field('Arrival', 'date')).FormFieldId;
  fieldIds.Severity = (await field('Severity', 'selectOne', { lookupListId: listId })).FormFieldId;
  fieldIds.Areas = (await field('Areas', 'selectMany', { lookupListId: listId })).FormFieldId;
  fieldIds.Urgent = (await field('Urgent', 'yesNo')).FormFieldId;
  fieldIds.Badge = (await field('Badge', 'text', {}, { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01' })).FormFieldId;
  return { formId, listId, items, fieldIds, table: `form_records_${formId}` };
}

export const header = ['Title', 'Quantity', 'Price', 'Arrival', 'Severity', 'Areas', 'Urgent', 'Badge'];
