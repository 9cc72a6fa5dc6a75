import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { AddressField } from './address/AddressField.tsx';
import { CurrencyWidget } from './currency/CurrencyWidget.tsx';
import { EinWidget } from './ein/EinWidget.tsx';
import { NumberRangeField } from './number-range/NumberRangeField.tsx';
import { PercentageWidget } from './percentage/PercentageWidget.tsx';
import { PhoneListField } from './phone-list/PhoneListField.tsx';
import { PhoneWidget } from './phone/PhoneWidget.tsx';
import { SelectWidget } from './select/SelectWidget.tsx';
import { SpecifyOtherField } from './specify-other/SpecifyOtherField.tsx';
import { TextAreaWidget, TextWidget } from './text/TextWidgets.tsx';
import { ToggleButtonWidget } from './toggle-button/ToggleButtonWidget.tsx';
import { lazyControl, type LazyControl } from './shared/lazy-control.tsx';
import { controlName, type RuleSchema, type RuleUi } from './rule-walk.ts';

// Controls that bring large libraries (date pickers, HTML sanitising, autocomplete, uploads) load on first use.
const DatePickerWidget = lazyControl(() => import('./date-picker/DatePickerWidget.tsx').then((m) => m.DatePickerWidget));
const DateRangeField = lazyControl(() => import('./date-range/DateRangeField.tsx').then((m) => m.DateRangeField));
const LocationsField = lazyControl(() => import('./locations/LocationsField.tsx').then((m) => m.LocationsField));
const RichTextWidget = lazyControl(() => import('./rich-text/RichTextWidget.tsx').then((m) => m.RichTextWidget));
const SelectManyWidget = lazyControl(() => import('./select-many/SelectManyWidget.tsx').then((m) => m.SelectManyWidget));
const FileUploaderField = lazyControl(() => import('./file-uploader/FileUploaderField.tsx').then((m) => m.FileUploaderField));
const ImageUploadField = lazyControl(() => import('./file-uploader/ImageUploadField.tsx').then((m) => m.ImageUploadField));
const WizardPickerField = lazyControl(() => import('./wizard-picker/WizardPickerField.tsx').then((m) => m.WizardPickerField));
const CheckboxTreeField = lazyControl(() => import('./checkbox-tree/CheckboxTreeField.tsx').then((m) => m.CheckboxTreeField));
// Only the role and user forms draw it.
const ModuleAccessField = lazyControl(() => import('./module-access/ModuleAccessField.tsx').then((m) => m.ModuleAccessField));

/**
 * The widget library by name, for RJSF's `widgets` prop: metadata says `"ui:widget": "<name>"`.
 * Scalar controls (and select-many, which RJSF lets an array use) are widgets; controls whose value
 * is an object or a list of records are fields. "text", "textarea", "select", "date" and
 * "date-time" replace RJSF's defaults of the same names, so every form gets the library's rules
 * (enum selects, number inputs and formatted strings such as e-mail keep the theme's controls).
 */
export const widgets: RegistryWidgetsType = {
  select: SelectWidget,
  selectMany: SelectManyWidget,
  text: TextWidget,
  textarea: TextAreaWidget,
  richtext: RichTextWidget,
  currency: CurrencyWidget,
  percentage: PercentageWidget,
  ein: EinWidget,
  phone: PhoneWidget,
  date: DatePickerWidget,
  'date-time': DatePickerWidget,
  toggleButton: ToggleButtonWidget,
};

/** The object- and list-valued controls by name, for RJSF's `fields` prop (`"ui:field": "<name>"`). */
export const fields: RegistryFieldsType = {
  dateRange: DateRangeField,
  numberRange: NumberRangeField,
  address: AddressField,
  phoneList: PhoneListField,
  specifyOther: SpecifyOtherField,
  fileUploader: FileUploaderField,
  imageUpload: ImageUploadField,
  locations: LocationsField,
  wizardPicker: WizardPickerField,
  checkboxTree: CheckboxTreeField,
  moduleAccess: ModuleAccessField,
};

/** Starts loading the on-demand controls a form's fields are drawn with, so they are there when it renders. */
export function preloadControlsFor(schema: RuleSchema, uiSchema: RuleUi): void {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== 'object' || property === null) continue;
    const control = controlName(property as RuleSchema, uiSchema?.[name] as RuleUi);
    const entry = control ? widgets[control] ?? fields[control] : undefined;
    void (entry as Partial<LazyControl<unknown>> | undefined)?.preload?.();
  }
}
