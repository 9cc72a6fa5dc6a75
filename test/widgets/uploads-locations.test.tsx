import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderForm } from './render-form.tsx';
import { AppTheme } from '../../ui/theme.tsx';
import { FormHarness } from '../../stories/widgets/support/FormHarness.tsx';
import { createFakeDataSource } from '../../stories/widgets/support/fake-data-source.ts';

const files = (formData?: object, options: object = {}) => ({
  schema: { type: 'object' as const, properties: { Files: { type: 'array' as const, title: 'Attachments', items: { type: 'object' as const } } } },
  uiSchema: { Files: { 'ui:field': 'fileUploader', 'ui:options': options } },
  formData,
});
const stored = (n: number, IsActive = true) => ({ Name: `Report ${n}`, Description: ' ', FileName: `s${n}.pdf`, UserFileName: `r${n}.pdf`, IsActive });

describe('FileUploaderField', () => {
  it('lists only active files', () => {
    renderForm(files({ Files: [stored(1), stored(2, false)] }));
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Report 1r1.pdf']);
  });

  it('uploads a chosen file with progress, naming it after the file when no name is given', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(files());
    await user.click(screen.getByRole('button', { name: 'Add File' }));
    const panel = screen.getByRole('form', { name: 'Upload File' });
    expect(within(panel).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    const input = panel.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(panel).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(lastData()?.Files).toEqual([
      expect.objectContaining({ Name: 'notes.txt', Description: ' ', UserFileName: 'notes.txt', IsActive: true }),
    ]));
    expect(screen.getByRole('button', { name: 'Download notes.txt' })).toBeTruthy();
  });

  it("tells the server what the upload is for: the form's screen module and record, from the form's context", async () => {
    const user = userEvent.setup();
    const dataSource = createFakeDataSource();
    const uploadFile = vi.spyOn(dataSource, 'uploadFile');
    render(
      <AppTheme>
        <FormHarness {...files()} dataSource={dataSource} formContext={{ uploadTarget: { module: 'Form7', recordId: 12 } }} />
      </AppTheme>,
    );
    await user.click(screen.getByRole('button', { name: 'Add File' }));
    const panel = screen.getByRole('form', { name: 'Upload File' });
    await user.upload(panel.querySelector('input[type=file]') as HTMLInputElement, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(panel).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ kind: 'file', module: 'Form7', recordId: 12 }), expect.any(Function)));
  });

  it("refuses a file type that is not permitted, with the spec's message", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(files());
    await user.click(screen.getByRole('button', { name: 'Add File' }));
    const panel = screen.getByRole('form', { name: 'Upload File' });
    await user.upload(panel.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'virus.exe'));
    expect(within(panel).getByText(/^The file does not match one of the permitted file types\./)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses a file over the size limit', async () => {
    const user = userEvent.setup();
    renderForm(files(undefined, { maxFileSizeMB: 1 }));
    await user.click(screen.getByRole('button', { name: 'Add File' }));
    const panel = screen.getByRole('form', { name: 'Upload File' });
    await user.upload(panel.querySelector('input[type=file]') as HTMLInputElement, new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf'));
    expect(within(panel).getByText('The file exceeds the maximum permitted file size. (1 MB)')).toBeTruthy();
  });

  it('opens the file chooser from the keyboard', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    renderForm(files());
    screen.getByRole('button', { name: 'Add File' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Choose File' }).focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('disables Add File at maxUploads, counting active files only', () => {
    renderForm(files({ Files: [stored(1), stored(2, false)] }, { maxUploads: 1 }));
    expect(screen.getByRole('button', { name: 'Add File' }).hasAttribute('disabled')).toBe(true);
  });

  it('removing a file keeps it as inactive; Cancel returns to the list', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(files({ Files: [stored(1)] }));
    await user.click(screen.getByRole('button', { name: 'Remove Report 1' }));
    await waitFor(() => expect(lastData()?.Files).toEqual([stored(1, false)]));
    await user.click(screen.getByRole('button', { name: 'Add File' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add File' })).toBeTruthy();
  });

  it("downloads through the server after verifying the file; a failed verification raises 'UploadRead'", async () => {
    const user = userEvent.setup();
    const source = createFakeDataSource();
    const notify = vi.fn();
    source.notify = notify;
    source.verifyFile = async () => false;
    renderForm({ ...files({ Files: [stored(1)] }), dataSource: source });
    await user.click(screen.getByRole('button', { name: 'Download Report 1' }));
    expect(await screen.findByText('The file could not be read.')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('UploadRead', expect.any(Error));
  });
});

describe('ImageUploadField', () => {
  it('shows the image with Change Image and Remove Image', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm({
      schema: { type: 'object', properties: { Logo: { type: 'object', title: 'Client Logo' } } },
      uiSchema: { Logo: { 'ui:field': 'imageUpload', 'ui:options': { uploadType: 'clientlogo' } } },
      formData: { Logo: { FileName: 'logo.png', UserFileName: 'acme.png' } },
    });
    expect(screen.getByRole('img', { name: 'Client Logo' }).getAttribute('src')).toContain(encodeURIComponent('clientlogo/logo.png'));
    expect(screen.getByRole('button', { name: 'Change Image' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Image' }));
    await waitFor(() => expect(lastData()?.Logo).toBeUndefined());
  });
});

describe('ImageUploadField with a session-checked image source', () => {
  it("shows a record's image from the bytes loaded with the session, and releases them when it goes", async () => {
    const dataSource = { ...createFakeDataSource(), loadImage: vi.fn(async () => new Blob(['PNG'], { type: 'image/png' })) };
    const created = vi.fn(() => 'blob:image-1');
    const revoked = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    onTestFinished(() => { Object.assign(URL, original); });
    const { unmount } = render(
      <AppTheme>
        <FormHarness
          schema={{ type: 'object', properties: { Photo: { type: 'object', title: 'Photo' } } }}
          uiSchema={{ Photo: { 'ui:field': 'imageUpload' } }}
          formData={{ Photo: { FileName: 'ab.png', UserFileName: 'me.png' } }}
          dataSource={dataSource}
        />
      </AppTheme>,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('blob:image-1'));
    expect(dataSource.loadImage).toHaveBeenCalledWith('ab.png', 'me.png');
    unmount();
    expect(revoked).toHaveBeenCalledWith('blob:image-1');
  });
});

describe('LocationsField', () => {
  const form = (formData?: object) => ({
    schema: { type: 'object' as const, properties: { Locations: { type: 'array' as const, title: 'Locations', items: { type: 'object' as const } } } },
    uiSchema: { Locations: { 'ui:field': 'locations' } },
    formData,
  });

  it('shows dates as MM/dd/yyyy', () => {
    renderForm(form({ Locations: [{ Venue: 'Hall', StartDate: '2026-03-04', EndDate: '2026-03-06' }] }));
    expect(screen.getByText('03/04/2026 - 03/06/2026')).toBeTruthy();
  });

  it('shows the add/edit form only while open, with Add disabled meanwhile', async () => {
    const user = userEvent.setup();
    const { lastData } = renderForm(form());
    expect(screen.queryByRole('form', { name: 'Add Location' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    const dialog = screen.getByRole('form', { name: 'Add Location' });
    expect(screen.getByRole('button', { name: 'Add Location' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Venue is required.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Venue/ }), 'Town Hall');
    const start = within(dialog).getByRole('group', { name: /Start Date/ });
    await user.click(within(start).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('03042026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastData()?.Locations).toEqual([{ Venue: 'Town Hall', StartDate: '2026-03-04' }]));
    expect(screen.queryByRole('form', { name: 'Add Location' })).toBeNull();
  });

  it('disables Add when the control is disabled', () => {
    renderForm({ ...form(), disabled: true });
    expect(screen.getByRole('button', { name: 'Add Location' }).hasAttribute('disabled')).toBe(true);
  });
});
