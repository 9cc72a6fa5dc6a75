import { addressRule } from './address/logic.ts';
import { checkboxTreeRule } from './checkbox-tree/logic.ts';
import { amountRule } from './currency/logic.ts';
import { dateRule } from './date-picker/input.ts';
import { dateRangeRule } from './date-range/logic.ts';
import { einRule } from './ein/logic.ts';
import { fileUploaderRule, imageUploadRule } from './file-uploader/logic.ts';
import { locationsRule } from './locations/logic.ts';
import { moduleAccessRule } from './module-access/logic.ts';
import { numberRangeRule } from './number-range/logic.ts';
import { percentageRule } from './percentage/logic.ts';
import { phoneListRule } from './phone-list/logic.ts';
import { phoneRule } from './phone/logic.ts';
import { richTextRule } from './rich-text/logic.ts';
import { selectManyRule } from './select-many/logic.ts';
import { selectRule } from './select/logic.ts';
import { specifyOtherRule } from './specify-other/logic.ts';
import type { WidgetRule } from './shared/types.ts';
import { wizardPickerRule } from './wizard-picker/logic.ts';
import { textAreaRule, textInputRule } from './text/logic.ts';
import { toggleButtonRule } from './toggle-button/logic.ts';

/** Each library control's validation rule, by its registry name. */
export const widgetRules: Record<string, WidgetRule> = {
  select: selectRule,
  selectMany: selectManyRule,
  text: textInputRule,
  textarea: textAreaRule,
  richtext: richTextRule,
  currency: amountRule,
  percentage: percentageRule,
  ein: einRule,
  phone: phoneRule,
  date: dateRule,
  'date-time': dateRule,
  dateRange: dateRangeRule,
  numberRange: numberRangeRule,
  address: addressRule,
  phoneList: phoneListRule,
  specifyOther: specifyOtherRule,
  fileUploader: fileUploaderRule,
  imageUpload: imageUploadRule,
  locations: locationsRule,
  wizardPicker: wizardPickerRule,
  checkboxTree: checkboxTreeRule,
  moduleAccess: moduleAccessRule,
  toggleButton: toggleButtonRule,
};
