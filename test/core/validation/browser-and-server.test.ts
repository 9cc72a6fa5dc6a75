import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { addSpecKeywords } from '../../../engine/core/validation/add-spec-keywords.ts';
import { ajvErrorsToItems } from '../../../engine/core/error-items.ts';
import { itemsFor } from './helper.ts';

/** A user form using every kind of rule: the same input must give the same messages in the browser and on the server. */
const schema = {
  type: 'object',
  required: ['FirstName', 'EmailAddress'],
  properties: {
    FirstName: { type: 'string', title: 'First Name', maxLength: 5 },
    EmailAddress: { type: 'string', title: 'Email Address', format: 'email' },
    ConfirmEmailAddress: { type: 'string', title: 'Confirm Email Address', equalTo: { field: 'EmailAddress' } },
    Password: { type: 'string', title: 'Password', format: 'password' },
    ConfirmPassword: { type: 'string', title: 'Confirm Password', linkTo: 'Password' },
    Zip: { type: 'string', title: 'Zip Code', format: 'zip' },
    Start: { type: 'string', title: 'Start', format: 'usDate' },
    Amount: { type: 'number', decimalPlaces: 2, lessThanOrEqualTo: 100 },
    Notes: { type: 'string', title: 'Notes', requiredText: true },
    Roles: { type: 'array', minSelections: 1 },
    Role: { type: 'integer', title: 'Role', notEqualTo: -1, messages: { notEqualTo: '{0} is required.' } },
  },
};

const input = {
  FirstName: 'Kofi Annan',
  EmailAddress: 'kofi@example',
  ConfirmEmailAddress: 'kofi@example.com',
  Password: 'password',
  ConfirmPassword: 'passw0rd',
  Zip: '1234',
  Start: '02/30/2024',
  Amount: 100.555,
  Notes: ' \n ',
  Roles: [],
  Role: -1,
};

describe('browser (RJSF validator with addSpecKeywords) and server (createAjv) give identical messages', () => {
  const browserValidator = customizeValidator({ extenderFn: addSpecKeywords });

  it('for a form breaking every kind of rule', () => {
    const server = itemsFor(schema, input);
    const raw = browserValidator.rawValidation<ErrorObject>(schema as RJSFSchema, input);
    const browser = ajvErrorsToItems(raw.errors, schema);
    expect(browser).toEqual(server);
    expect(server.map((item) => item.ErrorMessage)).toEqual([
      'Must be no more than 5 character(s) long.',
      'Must be a valid e-mail address.',
      'Must equal Email Address.',
      'Must be a valid password of at least 8 characters with at least one letter and one number.',
      'Must equal Password.',
      'Must be a valid zip code.',
      'Start is not a valid date.',
      'Must be less than or equal to 100.',
      'Must have 2 or fewer digits to the right of the decimal.',
      'Notes is required.',
      'Must select at least 1 item(s).',
      'Role is required.',
    ]);
  });

  it("custom keywords put the spec's words in ajv's own message too (shown by RJSF as is)", () => {
    const raw = browserValidator.rawValidation<ErrorObject>(schema as RJSFSchema, input);
    const notes = raw.errors?.find((error) => error.keyword === 'requiredText');
    expect(notes?.message).toBe('Notes is required.');
  });
});
