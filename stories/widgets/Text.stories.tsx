import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = (widget: string) => ({
  type: 'object' as const,
  required: ['Notes'],
  properties: { Notes: { type: 'string' as const, title: widget === 'text' ? 'Name' : 'Notes' } },
});
const ui = (widget: string) => ({ Notes: { 'ui:widget': widget } });

const meta: Meta<typeof FormHarness> = {
  title: 'Widgets/Text',
  component: FormHarness,
  args: { schema: schema('text'), uiSchema: ui('text') },
};
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** Text input, empty. */
export const Empty: Story = {};
/** Text input, filled. */
export const Filled: Story = { args: { formData: { Notes: 'Ada Lovelace' } } };
/** Text input over its 200-character maximum. */
export const Error: Story = { parameters: { expectText: ['You have exceeded the maximum character length allowable for this field.'] }, args: { showErrors: true, formData: { Notes: 'x'.repeat(201) } } };
/** Text input, disabled. */
export const Disabled: Story = { args: { disabled: true, formData: { Notes: 'Ada Lovelace' } } };
/** Text area, empty, with its counter of 2000. */
export const TextAreaEmpty: Story = { args: { schema: schema('textarea'), uiSchema: ui('textarea') } };
/** Text area, filled. */
export const TextAreaFilled: Story = { args: { schema: schema('textarea'), uiSchema: ui('textarea'), formData: { Notes: 'First line\nSecond line' } } };
/** Text area, disabled. */
export const TextAreaDisabled: Story = { args: { schema: schema('textarea'), uiSchema: ui('textarea'), disabled: true, formData: { Notes: 'Read only' } } };
/** Text area with only spaces and line breaks: still required. */
export const TextAreaWhitespaceRequired: Story = { parameters: { expectText: ['Notes is required.'] },
  args: { schema: schema('textarea'), uiSchema: ui('textarea'), showErrors: true, formData: { Notes: '  \n\n  ' } },
};
/** Text area over 2000 characters. */
export const TextAreaTooLong: Story = {
  args: { schema: schema('textarea'), uiSchema: ui('textarea'), showErrors: true, formData: { Notes: 'y'.repeat(2001) } },
};
/** Rich text, empty. */
export const RichTextEmpty: Story = { args: { schema: schema('richtext'), uiSchema: ui('richtext') } };
/** Rich text, filled; a script in the data is removed. */
export const RichTextFilled: Story = {
  args: {
    schema: schema('richtext'),
    uiSchema: ui('richtext'),
    formData: { Notes: '<p><b>Bold</b> and <i>italic</i></p><ul><li>one</li></ul><script>alert(1)</script>' },
  },
};
/** Rich text with what the editor offers: headings, lists, a link and a quote. */
export const RichTextFormatted: Story = {
  args: {
    schema: schema('richtext'),
    uiSchema: ui('richtext'),
    formData: {
      Notes: '<h2>Site visit</h2><p>Met <strong>Ada</strong>; see <a href="https://example.org/manual">the manual</a>.</p>'
        + '<h3>Actions</h3><ol><li><p>Replace the valve</p></li><li><p>Book the <u>revisit</u></p></li></ol><blockquote><p>All clear.</p></blockquote>',
    },
  },
};
/** Rich text over 8000 characters. */
export const RichTextTooLong: Story = { parameters: { expectText: ['You have exceeded the maximum character length allowable for this field.'] },
  args: { schema: schema('richtext'), uiSchema: ui('richtext'), showErrors: true, formData: { Notes: `<p>${'z'.repeat(8000)}</p>` } },
};
/** Rich text, disabled. */
export const RichTextDisabled: Story = {
  args: { schema: schema('richtext'), uiSchema: ui('richtext'), disabled: true, formData: { Notes: '<p>Read only</p>' } },
};
/** A uniqueness check on blur: 'taken' is refused by the fake server. */
export const AsyncValidator: Story = {
  args: {
    uiSchema: { Notes: { 'ui:widget': 'text', 'ui:options': { asyncValidator: 'uniqueName' } } },
    formContext: { asyncValidators: { uniqueName: async (v: unknown) => (v === 'taken' ? 'An user with the same User Name already exists.' : null) } },
    formData: { Notes: 'taken' },
  },
};
/** A field naming an async validator the form does not supply: 'MISSING ASYNC VALIDATOR FUNCTION' on blur. */
export const AsyncValidatorMissing: Story = {
  args: { uiSchema: { Notes: { 'ui:widget': 'text', 'ui:options': { asyncValidator: 'nowhere' } } }, formData: { Notes: 'x' } },
};
