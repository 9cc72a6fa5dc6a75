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
  return faults;
}
