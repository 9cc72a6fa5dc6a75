import { fullFormats } from 'ajv-formats/dist/formats.js';
import { message } from '../../../engine/core/messages.ts';
import { formatLabel, specFormats } from '../../../engine/core/validation/patterns.ts';

/** A field's rule: the message to show, or '' when the value is fine. `values` holds the whole form. */
export type Rule = (value: string, values: Record<string, string>) => string;

/** The e-mail pattern the server's ajv checks (ajv-formats' full 'email'), so both sides agree. */
const emailPattern = fullFormats.email as RegExp;

/**
 * The account screens' rules in the shared catalogue's words (spec 1 section 5), so the browser says what the
 * server would say for the same input.
 */
export const rules = {
  required: (label: string): Rule => (value) => (value.trim() ? '' : message('required', [label])),
  password: (): Rule => (value) => (!value || specFormats.password.test(value) ? '' : message('pattern', ['', formatLabel('password')])),
  email: (): Rule => (value) => (!value.trim() || emailPattern.test(value.trim()) ? '' : message('pattern', ['', formatLabel('email')])),
  maxLength: (max: number): Rule => (value) => (value.length <= max ? '' : message('maxLength', ['', max])),
  equalTo: (field: string, label: string): Rule => (value, values) => (!value || value === values[field] ? '' : message('equalTo', ['', label])),
};

/** Spec 1 section 9: passwords are at most 200 characters. */
export const passwordRules = (label: string): Rule[] => [rules.required(label), rules.password(), rules.maxLength(200)];

/** The new-password pair of every screen that sets a password: both required with the password pattern, confirm equal. */
export const newPasswordFields = () => ({
  Password: { label: 'Password', rules: passwordRules('Password') },
  ConfirmPassword: { label: 'Confirm Password', rules: [...passwordRules('Confirm Password'), rules.equalTo('Password', 'Password')] },
});
