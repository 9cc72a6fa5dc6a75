import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';

const appWidgets: RegistryWidgetsType = {};
const appFields: RegistryFieldsType = {};

/**
 * Controls the application adds to the widget library (a page field's type select and attribute editor, which
 * reuse the form field editor's parts and calls in ui/): metadata names them in ui:widget / ui:field like the
 * library's. Registered once at start, before any form renders.
 */
export function registerFormWidget(name: string, widget: RegistryWidgetsType[string]): void {
  if (name in appWidgets) throw new Error(`a form widget named ${name} is already registered`);
  appWidgets[name] = widget;
}

export function registerFormField(name: string, field: RegistryFieldsType[string]): void {
  if (name in appFields) throw new Error(`a form field named ${name} is already registered`);
  appFields[name] = field;
}

/** The widgets and fields the application registered. */
export function registeredControls(): { widgets: RegistryWidgetsType; fields: RegistryFieldsType } {
  return { widgets: appWidgets, fields: appFields };
}
