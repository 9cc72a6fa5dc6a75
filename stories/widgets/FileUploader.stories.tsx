import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './support/FormHarness.tsx';

const schema = { type: 'object' as const, properties: { Files: { type: 'array' as const, title: 'Attachments', items: { type: 'object' as const } } } };
const ui = (options: object = {}) => ({ Files: { 'ui:field': 'fileUploader', 'ui:options': options } });
const file = (n: number, IsActive = true) => ({ Name: `Report ${n}`, Description: n % 2 ? 'Quarterly figures' : ' ', FileName: `stored-${n}.pdf`, UserFileName: `report-${n}.pdf`, IsActive });
const imageSchema = { type: 'object' as const, properties: { Logo: { type: 'object' as const, title: 'Client Logo' } } };

const meta: Meta<typeof FormHarness> = { title: 'Widgets/FileUploader', component: FormHarness, args: { schema, uiSchema: ui() } };
export default meta;
type Story = StoryObj<typeof FormHarness>;

/** No files yet. */
export const Empty: Story = {};
/** Two active files; an inactive one is not listed. */
export const Filled: Story = { args: { formData: { Files: [file(1), file(2), file(3, false)] } } };
/** Required with no active file. */
export const Error: Story = { parameters: { expectText: ['Attachments is required.'] }, args: { showErrors: true, schema: { ...schema, required: ['Files'] }, formData: { Files: [file(3, false)] } } };
/** Disabled: download only. */
export const Disabled: Story = { args: { disabled: true, formData: { Files: [file(1)] } } };
/** At maxUploads (counted over active files): Add File is disabled. */
export const AtMaximum: Story = { args: { uiSchema: ui({ maxUploads: 2 }), formData: { Files: [file(1), file(2), file(3, false)] } } };
/** Image upload with an image shown, and Change Image / Remove Image. */
export const ImageFilled: Story = {
  args: { schema: imageSchema, uiSchema: { Logo: { 'ui:field': 'imageUpload', 'ui:options': { uploadType: 'clientlogo', maxFileSizeMB: 1 } } }, formData: { Logo: { FileName: 'logo.png', UserFileName: 'acme.png' } } },
};
/** Image upload, empty. */
export const ImageEmpty: Story = { args: { schema: imageSchema, uiSchema: { Logo: { 'ui:field': 'imageUpload' } } } };
/** Image upload, required and empty. */
export const ImageError: Story = {
  parameters: { expectText: ['Client Logo is required.'] },
  args: { schema: { ...imageSchema, required: ['Logo'] }, uiSchema: { Logo: { 'ui:field': 'imageUpload' } }, showErrors: true },
};
/** Image upload, disabled. */
export const ImageDisabled: Story = {
  args: { schema: imageSchema, uiSchema: { Logo: { 'ui:field': 'imageUpload' } }, disabled: true, formData: { Logo: { FileName: 'logo.png', UserFileName: 'acme.png' } } },
};
