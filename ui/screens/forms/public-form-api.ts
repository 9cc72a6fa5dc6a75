import { apiPath } from '../../../engine/core/lowcode/api.ts';
import { publicFormApi, type PublicFormChange, type PublicFormDefinition, type PublicFormSettings, type PublicFormSubmission } from '../../../engine/core/lowcode/public-forms.ts';
import { api } from '../../api/api.ts';
import { publicFormDefinitionPath, takeEarlyCall } from '../../boot/early-calls.ts';

/** The calls about a form's public address (Form Management), and a visitor's two calls (no session). */
export const publicFormCalls = {
  settings: (formId: number) => api.get<PublicFormSettings>(apiPath(publicFormApi.settings, { id: formId })),
  save: (formId: number, change: PublicFormChange) => api.post<PublicFormSettings>(apiPath(publicFormApi.settings, { id: formId }), change),
  newKey: (formId: number) => api.post<PublicFormSettings>(apiPath(publicFormApi.newKey, { id: formId }), {}),
  /** Taking over the call the page's boot script sent for it, when it did (ui/boot/early-calls.ts). */
  definition: (key: string) => api.get<PublicFormDefinition>(publicFormDefinitionPath(key), { sent: takeEarlyCall(publicFormDefinitionPath(key), null) }),
  send: (key: string, submission: PublicFormSubmission) => api.post<{ Message: string }>(apiPath(publicFormApi.visitor, { key }), submission),
};
