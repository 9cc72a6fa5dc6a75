import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { AddressField } from './address/AddressField.tsx';
import { CheckboxTreeField } from './checkbox-tree/CheckboxTreeField.tsx';
import { CurrencyWidget } from './currency/CurrencyWidget.tsx';
import { DatePickerWidget } from './date-picker/DatePickerWidget.tsx';
import { DateRangeField } from './date-range/DateRangeField.tsx';
import { EinWidget } from './ein/EinWidget.tsx';
import { FileUploaderField } from './file-uploader/FileUploaderField.tsx';
import { ImageUploadField } from './file-uploader/ImageUploadField.tsx';
import { LocationsField } from './locations/LocationsField.tsx';
import { NumberRangeField } from './number-range/NumberRangeField.tsx';
import { PercentageWidget } from './percentage/PercentageWidget.tsx';
import { PhoneListField } from './phone-list/PhoneListField.tsx';
import { PhoneWidget } from './phone/PhoneWidget.tsx';
import { RichTextWidget } from './rich-text/RichTextWidget.tsx';
import { SelectManyWidget } from './select-many/SelectManyWidget.tsx';
import { SelectWidget } from './select/SelectWidget.tsx';
import { SpecifyOtherField } from './specify-other/SpecifyOtherField.tsx';
import { WizardPickerField } from './wizard-picker/WizardPickerField.tsx';
import { TextAreaWidget, TextWidget } from './text/TextWidgets.tsx';
import { ToggleButtonWidget } from './toggle-button/ToggleButtonWidget.tsx';

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
};
