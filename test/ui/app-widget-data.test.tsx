import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../ui/api/client.ts';
import { createAppWidgetData, type AppWidgetDataDeps } from '../../ui/widgets/app-widget-data.ts';

const creds = { token: 'tok', SessionId: 'sid', InstanceId: 'iid' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** An XMLHttpRequest that records what was sent and answers when told. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() { FakeXhr.last = this; }
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(k: string, v: string) { this.headers[k] = v; }
  getResponseHeader(k: string) { return this.responseHeaders[k] ?? null; }
  send(body: FormData) { this.body = body; }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

let reply: (url: string, init: RequestInit) => Response;
const fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(reply(url, init)));

function source(overrides: Partial<AppWidgetDataDeps> = {}) {
  const deps: AppWidgetDataDeps = {
    api: createApiClient({ credentials: () => creds, onRefreshedToken: vi.fn(), onUnauthorized: vi.fn() }),
    credentials: () => creds,
    onRefreshedToken: vi.fn(),
    onUnauthorized: vi.fn(),
    notify: vi.fn(),
    save: vi.fn(),
    maxFileSizeMB: 50,
    ...overrides,
  };
  return { deps, data: createAppWidgetData(deps) };
}

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe("the app's widget data source", () => {
  it('reads countries, states, phone number types and named lookups (whole, by search text, by ids)', async () => {
    reply = () => json(200, [{ Id: 1, Name: 'UNITED STATES' }]);
    const { data } = source();
    await data.loadCountries();
    await data.loadStates();
    await data.loadPhoneNumberTypes();
    await data.loadOptions('countries', {});
    await data.loadOptions('countries', { search: 'uni ted&x' });
    await data.loadOptions('states', { ids: [3, 9] });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/lookups/countries', '/api/lookups/states', '/api/lookups/phone-number-types', '/api/lookups/countries',
      '/api/lookups/countries?search=uni+ted%26x', '/api/lookups/states?ids=3%2C9',
    ]);
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('asks one wizard level per call with the parent Id, and builds image addresses', async () => {
    reply = () => json(200, []);
    const { data } = source();
    await data.loadWizardLevel({ Name: 'Goal', ChildApiUrl: '/api/goals' }, null);
    await data.loadWizardLevel({ Name: 'Goal', ChildApiUrl: '/api/goals?plan=2' }, 7);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/goals', '/api/goals?plan=2&Id=7']);
    expect(data.imageUrl('ab.png', 'my logo.png')).toBe('/api/files/image?fileName=ab.png&container=my+logo.png');
    expect(data.maxFileSizeMB).toBe(50);
  });

  it('uploads a file with its name and description, with the session headers, reporting progress', async () => {
    const { data, deps } = source();
    const progress: number[] = [];
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const done = data.uploadFile(file, { kind: 'file', name: 'Notes', description: 'Mine' }, (f) => progress.push(f));
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/files/upload']);
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer tok', 'session-id': 'sid', 'instance-id': 'iid' });
    expect([...xhr.body!.keys()]).toEqual(['name', 'description', 'file']);
    expect(xhr.body!.get('name')).toBe('Notes');
    expect((xhr.body!.get('file') as File).name).toBe('notes.txt');
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 100 });
    const stored = { Id: 4, Name: 'Notes', Description: 'Mine', FileName: `${'a'.repeat(32)}.txt`, UserFileName: 'notes.txt', IsActive: true };
    xhr.answer(201, stored, { 'x-auth-token': 'fresh' });
    expect(await done).toEqual(stored);
    expect(progress).toEqual([0.5, 1]);
    expect(deps.onRefreshedToken).toHaveBeenCalledWith('fresh');
  });

  it('names what an upload is for: the module of the screen and the record it updates', async () => {
    const { data } = source();
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    void data.uploadFile(file, { kind: 'image', module: 'Form7', recordId: 12 }, () => {});
    expect(FakeXhr.last.url).toBe('/api/files/upload-image?module=Form7&recordId=12');
    void data.uploadFile(file, { kind: 'file', module: 'RegisterUser' }, () => {});
    expect(FakeXhr.last.url).toBe('/api/files/upload?module=RegisterUser');
  });

  it('sends images and the client logo to their own routes, with the file only', async () => {
    const { data } = source();
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    void data.uploadFile(file, { kind: 'clientlogo', name: 'ignored' }, () => {});
    expect(FakeXhr.last.url).toBe('/api/files/upload-logo');
    expect([...FakeXhr.last.body!.keys()]).toEqual(['file']);
    void data.uploadFile(file, { kind: 'image' }, () => {});
    expect(FakeXhr.last.url).toBe('/api/files/upload-image');
  });

  it("rejects a refused upload with the server's error items, and hands a 401 to the session rules", async () => {
    const { data, deps } = source();
    const file = new File(['x'], 'big.png');
    const refused = data.uploadFile(file, { kind: 'clientlogo' }, () => {});
    const items = [{ PropertyName: 'file', ErrorMessage: 'The image exceeds the maximum permitted file size. (1 MB)', ErrorCode: 'FileSize' }];
    FakeXhr.last.answer(413, items);
    await expect(refused).rejects.toMatchObject({ status: 413, items });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();

    const expired = data.uploadFile(file, { kind: 'image' }, () => {});
    FakeXhr.last.answer(401, [{ PropertyName: null, ErrorMessage: 'gone', ErrorCode: 401 }]);
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);

    const offline = data.uploadFile(file, { kind: 'image' }, () => {});
    FakeXhr.last.onerror!();
    await expect(offline).rejects.toMatchObject({ status: 0 });
  });

  it('verifies and downloads a file through the server, saving it under its user file name', async () => {
    const { data, deps } = source();
    reply = (url) => (url.startsWith('/api/files/verify') ? json(200, true) : new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    expect(await data.verifyFile('ab.pdf')).toBe(true);
    await data.downloadFile('ab.pdf', 'Report 1.pdf');
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/files/download?fileName=ab.pdf&userFileName=Report+1.pdf');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'session-id': 'sid' });
    const [blob, name] = (deps.save as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(name).toBe('Report 1.pdf');
    expect(await (blob as Blob).text()).toBe('%PDF-1.7');

    reply = () => json(404, [{ PropertyName: 'fileName', ErrorMessage: 'The file could not be found.', ErrorCode: 'FileNotFound' }]);
    await expect(data.downloadFile('gone.pdf', 'x.pdf')).rejects.toMatchObject({ status: 404 });
  });

  it("loads a record's image with the session through the download route, typed for an <img>", async () => {
    const { data } = source();
    reply = () => new Response(new Blob(['JPEG']), { status: 200 });
    const blob = await data.loadImage!('ab.jpg', 'team.jpg');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/files/download?fileName=ab.jpg');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'session-id': 'sid' });
    expect([blob.type, await blob.text()]).toEqual(['image/jpeg', 'JPEG']);
    reply = () => json(404, [{ PropertyName: 'fileName', ErrorMessage: 'The file could not be found.', ErrorCode: 'FileNotFound' }]);
    await expect(data.loadImage!('gone.png', 'x.png')).rejects.toMatchObject({ status: 404 });
  });

  it("reads a role's permission tree, or what some roles give a user, the role Ids repeated", async () => {
    const tree = { Categories: [], Nodes: [] };
    reply = () => json(200, tree);
    const { data } = source();
    expect(await data.loadPermissionTree({ roleId: 4 })).toEqual(tree);
    await data.loadPermissionTree({});
    await data.loadPermissionTree({ roleId: 0 });
    await data.loadPermissionTree({ roleIds: [1, 2] });
    await data.loadPermissionTree({ roleIds: [] });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/roles/permission-tree?roleId=4', '/api/roles/permission-tree', '/api/roles/permission-tree',
      '/api/roles/access-by-roles?RoleIds=1&RoleIds=2', '/api/roles/access-by-roles',
    ]);
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>).authorization).toBe('Bearer tok');
  });
});
