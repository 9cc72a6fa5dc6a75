import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { injectAs, type SignedIn } from './helper.ts';
import { shipmentForm } from './import-form-fixture.ts';
import { publicFormDefaults, type PublicFormChange, type PublicFormDefinition, type PublicFormSettings } from '../../engine/core/lowcode/public-forms.ts';

/** The shipment form (import-form-fixture.ts) with a file field, and the calls about its public address. */
export async function publicShipmentForm(app: FastifyInstance, admin: SignedIn, name = 'Shipment') {
  const form = await shipmentForm(app, admin, name);
  const file = await injectAs(app, admin, {
    method: 'POST', url: '/api/formfields',
    payload: { FormId: form.formId, Name: 'Receipt', ReportLabelText: 'Receipt', FieldType: 'fileUpload', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} },
  });
  expect(file.statusCode, file.body).toBe(201);
  const settingsUrl = `/api/forms/${form.formId}/public`;
  const save = (change: Partial<PublicFormChange>) => injectAs(app, admin, { method: 'POST', url: settingsUrl, payload: { ...publicFormDefaults, ...change } });
  async function publish(change: Partial<PublicFormChange>): Promise<PublicFormSettings> {
    const res = await save({ IsPublic: true, ...change });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  return { ...form, receiptFieldId: file.json().FormFieldId as number, settingsUrl, save, publish };
}

/** A visitor's calls: no session, from an address of their own. */
export function visitorOf(app: FastifyInstance, key: string, remoteAddress = '203.0.113.7') {
  const url = `/api/public/forms/${encodeURIComponent(key)}`;
  return {
    url,
    definition: () => app.inject({ method: 'GET', url, remoteAddress }),
    async open(): Promise<PublicFormDefinition> {
      const res = await app.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    send: (payload: object) => app.inject({ method: 'POST', url, remoteAddress, payload }),
  };
}
