import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { SelectWidget } from './select/SelectWidget.tsx';

/**
 * The widget library by name, for RJSF's `widgets` prop: metadata says `"ui:widget": "<name>"`.
 * Scalar controls are widgets; controls whose value is an object or a list are fields.
 */
export const widgets: RegistryWidgetsType = {
  select: SelectWidget,
};

/** The object- and list-valued controls by name, for RJSF's `fields` prop (`"ui:field": "<name>"`). */
export const fields: RegistryFieldsType = {};
