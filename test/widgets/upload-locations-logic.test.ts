import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXTENSIONS, IMAGE_EXTENSIONS, activeFiles, allowedExtensions, canAddFile, canUpload, effectiveMaxSizeMB, fileErrors, removeFile, uploadedRecord,
} from '../../engine/widgets/file-uploader/logic.ts';
import { canAddLocation, formatLocationDate, locationErrors, locationsRule } from '../../engine/widgets/locations/logic.ts';

const file = (FileName: string, IsActive = true) => ({ Name: FileName, Description: ' ', FileName, UserFileName: FileName, IsActive });
const MB = 1024 * 1024;

describe('file uploader', () => {
  it('default and image extension lists', () => {
    expect(DEFAULT_EXTENSIONS).toEqual(['docx', 'doc', 'pdf', 'xls', 'xlsx', 'txt', 'csv', 'jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp']);
    expect(IMAGE_EXTENSIONS).toEqual(['jpeg', 'jpg', 'png', 'tiff', 'gif', 'bmp']);
    expect(allowedExtensions({ uploadType: 'image' })).toBe(IMAGE_EXTENSIONS);
    expect(allowedExtensions({ extensions: ['.PDF'] })).toEqual(['pdf']);
  });
  it("a file of another type: 'The file does not match one of the permitted file types. ...'", () => {
    expect(fileErrors({ name: 'x.exe', size: 1 }, {}, 1024, [])[0]).toMatch(/^The file does not match one of the permitted file types\. /);
    expect(fileErrors({ name: 'x.PDF', size: 1 }, {}, 1024, [])).toEqual([]);
  });
  it('the size limit is maxFileSizeMB, capped at the global maximum', () => {
    expect(effectiveMaxSizeMB(5, 1024)).toBe(5);
    expect(effectiveMaxSizeMB(5000, 1024)).toBe(1024);
    expect(effectiveMaxSizeMB(undefined, 1024)).toBe(1024);
    expect(fileErrors({ name: 'x.pdf', size: 2 * MB }, { maxFileSizeMB: 1 }, 1024, [])).toEqual(['The file exceeds the maximum permitted file size. (1 MB)']);
  });
  it("the client logo is limited to 1 MB with 'The image exceeds the maximum permitted file size. (1 MB)'", () => {
    expect(fileErrors({ name: 'logo.png', size: 2 * MB }, { uploadType: 'clientlogo' }, 1024, [])).toEqual(['The image exceeds the maximum permitted file size. (1 MB)']);
    expect(fileErrors({ name: 'logo.png', size: MB / 2 }, { uploadType: 'clientlogo' }, 1024, [])).toEqual([]);
    expect(fileErrors({ name: 'photo.png', size: 2 * MB }, { uploadType: 'image' }, 1024, [])).toEqual([]);
  });
  it("maximum uploads are counted by IsActive: 'You have exceeded the maxiumum number of file uploads.'", () => {
    expect(canAddFile([file('a'), file('b', false)], 2)).toBe(true);
    expect(canAddFile([file('a'), file('b')], 2)).toBe(false);
    expect(fileErrors({ name: 'x.pdf', size: 1 }, { maxUploads: 1 }, 1024, [file('a')])).toEqual(['You have exceeded the maxiumum number of file uploads.']);
  });
  it('a file must be selected in add mode', () => {
    expect(fileErrors(null, {}, 1024, [], 'add')).toEqual(['Please select a file to upload.']);
    expect(fileErrors(null, {}, 1024, [], 'edit')).toEqual([]);
  });
  it('the upload button is disabled when the form is invalid or an upload is in progress', () => {
    expect(canUpload([], false)).toBe(true);
    expect(canUpload(['x'], false)).toBe(false);
    expect(canUpload([], true)).toBe(false);
  });
  it('the list shows only active files; removing keeps the record inactive', () => {
    const files = removeFile([file('a'), file('b')], 'a');
    expect(activeFiles(files).map((f) => f.FileName)).toEqual(['b']);
    expect(files[0].IsActive).toBe(false);
  });
  it('the description defaults to a single space and the name to UserFileName', () => {
    expect(uploadedRecord({ ...file('s1'), UserFileName: 'report.pdf' }, '', '')).toMatchObject({ Name: 'report.pdf', Description: ' ' });
    expect(uploadedRecord(file('s1'), 'Q1', 'Quarter')).toMatchObject({ Name: 'Q1', Description: 'Quarter' });
  });
});

describe('locations', () => {
  it('dates are displayed MM/dd/yyyy', () => {
    expect(formatLocationDate('2026-03-04')).toBe('03/04/2026');
    expect(formatLocationDate(undefined)).toBe('');
  });
  it('the add button is disabled while the form is open or the control is disabled', () => {
    expect(canAddLocation(false, false, 0)).toBe(true);
    expect(canAddLocation(true, false, 0)).toBe(false);
    expect(canAddLocation(false, true, 0)).toBe(false);
    expect(canAddLocation(false, false, 2, 2)).toBe(false);
  });
  it("over the maximum: 'You have exceeded the maximum number of locations permitted.' (as worded)", () => {
    const ctx = { label: 'Locations', required: false, options: { max: 1 } };
    expect(locationsRule([{}, {}], ctx)).toEqual(['You have exceeded the maximum number of locations permitted.']);
    expect(locationsRule([], { ...ctx, required: true })).toEqual(['Locations is required.']);
  });
  it('a location needs a venue and a start date, the end not before it', () => {
    expect(locationErrors({})).toEqual({ Venue: ['Venue is required.'], StartDate: ['Start Date is required.'] });
    expect(locationErrors({ Venue: 'Hall', StartDate: '2026-03-04', EndDate: '2026-03-01' })).toEqual({ EndDate: ['The start date must be on or before the end date.'] });
  });
});
