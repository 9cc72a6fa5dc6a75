import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import type { MetadataFault } from '../../engine/core/screen-document.ts';
import { ruleListFaults } from '../../engine/core/rules/rule-list-faults.ts';
import type { EntitySchema } from './registry.ts';

/** A form's references into its entity: every listed field is a property, and its rules name only those. */
export function formFaults(screen: ScreenDocument, entity: EntitySchema): MetadataFault[] {
  const form = screen.form;
  if (!form) return [];
  const faults: MetadataFault[] = [];
  for (const mode of ['create', 'update'] as const) {
    (form.fields[mode] ?? []).forEach((field, i) => {
      if (!entity.properties[field]) faults.push({ pointer: `/form/fields/${mode}/${i}`, message: `${field} is not a property of ${entity.title}` });
    });
  }
  const known = new Set([...(form.fields.create ?? []), ...form.fields.update]);
  for (const fault of ruleListFaults(form.rules ?? [], known)) faults.push({ pointer: `/form/rules${fault.pointer}`, message: fault.message });
  if (screen.routes.create && !form.fields.create) faults.push({ pointer: '/form/fields', message: 'needs create fields for the create route' });
  (form.lockWhen ?? []).forEach((lock, i) => lock.fields.forEach((field, j) => {
    if (!known.has(field)) faults.push({ pointer: `/form/lockWhen/${i}/fields/${j}`, message: `${field} is not a field of the form` });
  }));
  if (form.copy) {
    if (!screen.routes.update || !screen.routes.create?.includes(':id')) {
      faults.push({ pointer: '/form/copy', message: 'needs an update route and a create route with :id (the record copied; 0 for a new one)' });
    }
    const rename = form.copy.renameField;
    if (rename && !(form.fields.create ?? form.fields.update).includes(rename)) faults.push({ pointer: '/form/copy/renameField', message: `${rename} is not a create field` });
  }
  return faults;
}
