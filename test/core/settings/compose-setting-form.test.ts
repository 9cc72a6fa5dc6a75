import { describe, expect, it } from 'vitest';
import { composeSettingForm, configItemSchema, itemFormValue, settingFormValues, settingSaveErrors, settingValuesFromBody, settingWithFormValues, type ConfigItem } from '../../../engine/core/settings/index.ts';
import { composeFormSchema, composeUiSchema } from '../../../engine/core/forms/index.ts';
import { validateValues } from '../../../engine/react/form/validate.ts';
import { bodyValidator } from '../../../server/lib/crud/body-validator.ts';
import { baseSettingForm, businessHours, clientSettingsForm, clientSettingsSetting } from '../../../stories/fixtures/settings.ts';

const businessDay = 'Start of business day must occur before end of business day.';
const item = (extra: Partial<ConfigItem>): ConfigItem => ({ Name: 'Label', StaticName: 'KEY', AttributeValue: null, SysType: 'String', ...extra });

/** The browser's check of the business-hours form with some items changed. */
function browserErrors(items: Record<string, unknown>) {
  const { entity, form } = composeSettingForm(baseSettingForm, businessHours);
  const fields = form.fields.update;
  const values = settingFormValues(businessHours);
  const data = { ...values, ConfigItems: { ...(values.ConfigItems as object), ...items } };
  return validateValues(composeFormSchema(entity, fields, 'update'), composeUiSchema(form, fields, false), data).map((e) => [e.PropertyName, e.ErrorMessage]);
}

describe('a config item as a form field', () => {
  it('takes its label, description and type from the item, and text at most 250 characters in the spec words', () => {
    expect(configItemSchema(item({ Name: 'Sender', Description: 'Who it is from.' }))).toEqual({
      type: 'string', title: 'Sender', description: 'Who it is from.', maxLength: 250,
      messages: { maxLength: 'You have exceeded the maximum character length allowable for this field.' },
    });
    expect(configItemSchema(item({ SysType: 'System.Int32' })).type).toBe('integer');
    expect(configItemSchema(item({ SysType: 'Decimal' })).type).toBe('number');
    expect(configItemSchema(item({ SysType: 'Boolean' })).type).toBe('boolean');
    expect(configItemSchema(item({ FormItemValidationConfig: { maxLength: 1000 } })).maxLength).toBe(250);
  });

  it('keeps only rule keywords of the shared vocabulary from its config, with its FieldMessage for its comparison rule', () => {
    const schema = configItemSchema(item({ SysType: 'Int32', FieldMessage: 'Too early.', FormItemValidationConfig: { minimum: 0, lessThan: 5, readOnly: true, $ref: 'http://elsewhere', properties: {} } }));
    expect(schema).toEqual({ type: 'integer', title: 'Label', minimum: 0, lessThan: 5, readOnly: true, messages: { lessThan: 'Too early.' } });
  });

  it('reads stored text as typed values and writes them back as text', () => {
    expect(itemFormValue(item({ SysType: 'Int32', AttributeValue: '17' }))).toBe(17);
    expect(itemFormValue(item({ SysType: 'Int32', AttributeValue: 'soon' }))).toBe('soon');
    expect(itemFormValue(item({ SysType: 'Int32', AttributeValue: null }))).toBeUndefined();
    expect(itemFormValue(item({ SysType: 'Boolean', AttributeValue: 'True' }))).toBe(true);
    expect(itemFormValue(item({ AttributeValue: null }))).toBe('');
    const values = settingFormValues(businessHours);
    expect(values.ConfigItems).toEqual({ START_HOURS: 8, START_MINUTES: 0, END_HOURS: 17, END_MINUTES: 0, Offset: '-05:00' });
    const saved = settingWithFormValues(businessHours, { ...values, TimeZone: 3, ConfigItems: { ...(values.ConfigItems as object), START_HOURS: 9, END_MINUTES: undefined } });
    expect(saved.TimeZone).toBe(3);
    expect(saved.ConfigItems.map((i) => i.AttributeValue)).toEqual(['9', '0', '17', null, '-05:00']);
    expect(settingValuesFromBody(businessHours, saved).ConfigItems).toEqual({ START_HOURS: 9, START_MINUTES: 0, END_HOURS: 17, END_MINUTES: undefined, Offset: '-05:00' });
  });
});

describe('the form of a setting, composed from its items', () => {
  it('shows Name and Description read-only, the time-zone select (required) and the items for business hours', () => {
    const { entity, form } = composeSettingForm(baseSettingForm, businessHours);
    expect(form.fields.update).toEqual(['Name', 'Description', 'TimeZone', 'ConfigItems']);
    expect(entity.properties!.Name.readOnly).toBe(true);
    expect(entity.properties!.Description.readOnly).toBe(true);
    expect(entity.required).toEqual(['TimeZone']);
    const items = entity.properties!.ConfigItems as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(Object.keys(items.properties)).toEqual(['START_HOURS', 'START_MINUTES', 'END_HOURS', 'END_MINUTES', 'Offset']);
    expect(items.required).toEqual(['START_HOURS', 'START_MINUTES', 'END_HOURS', 'END_MINUTES']);
    expect(items.properties.Offset.readOnly).toBe(true);
    expect(form.stayAfterSave).toBe(true);
  });

  it('shows no time zone and no items for CLIENT_SETTINGS, and the client settings form below in its sections', () => {
    const { entity, form } = composeSettingForm(baseSettingForm, clientSettingsSetting, clientSettingsForm);
    expect(form.fields.update).toEqual(['Name', 'Description', ...clientSettingsForm.form.fields.update]);
    expect(form.sections!.map((s) => s.title)).toEqual(['Setting', 'Company', 'Contact']);
    expect(form.sections![0].fields).toEqual(['Name', 'Description']);
    expect(entity.properties!.Address).toBe(clientSettingsForm.entity.properties!.Address);
    expect((form.uiSchema as Record<string, Record<string, unknown>>).Logo['ui:field']).toBe('imageUpload');
  });

  it("refuses a start at or after the end with the specification's message, and hours and minutes out of range", () => {
    expect(browserErrors({})).toEqual([]);
    expect(browserErrors({ START_HOURS: 18 })).toEqual([['ConfigItems.START_HOURS', businessDay]]);
    expect(browserErrors({ START_HOURS: 17, START_MINUTES: 0 })).toEqual([['ConfigItems.START_HOURS', businessDay]]);
    expect(browserErrors({ START_HOURS: 16, START_MINUTES: 59 })).toEqual([]);
    expect(browserErrors({ END_HOURS: 24, END_MINUTES: 60 })).toEqual([
      ['ConfigItems.END_HOURS', 'Must be less than or equal to 23.'], ['ConfigItems.END_MINUTES', 'Must be less than or equal to 59.']]);
  });

  it('gives the server the very same check: the same items for the same values', () => {
    const { entity, form } = composeSettingForm(baseSettingForm, businessHours);
    const body = { ...businessHours, ConfigItems: businessHours.ConfigItems.map((i) => (i.StaticName === 'START_HOURS' ? { ...i, AttributeValue: '20' } : i)) };
    const server = bodyValidator(entity, form, 'update')(settingValuesFromBody(businessHours, body)).errors.map((e) => [e.PropertyName, e.ErrorMessage]);
    expect(server).toEqual(browserErrors({ START_HOURS: 20 }));
    expect(server).toEqual([['ConfigItems.START_HOURS', businessDay]]);
  });
});

it("error code 2627 reads 'Multiple Configuration Items cannot have the same value.'; other errors keep their words", () => {
  expect(settingSaveErrors([{ PropertyName: null, ErrorMessage: 'Violation of UNIQUE KEY', ErrorCode: '2627' }, { PropertyName: 'X', ErrorMessage: 'Other.', ErrorCode: 400 }])).toEqual([
    { PropertyName: null, ErrorMessage: 'Multiple Configuration Items cannot have the same value.', ErrorCode: '2627' },
    { PropertyName: 'X', ErrorMessage: 'Other.', ErrorCode: 400 },
  ]);
});
