import { useEffect, useMemo, useState } from 'react';
import type { Country, PermissionTreeQuery, UploadedFile, UploadKind, UploadTarget, UsState, WidgetDataSource, WidgetNotice, WizardLevel, WizardNodeData } from '../../engine/widgets/data-context.tsx';
import type { PermissionTree } from '../../engine/core/access/types.ts';
import type { SelectOption } from '../../engine/widgets/shared/types.ts';
import { DEFAULT_MAX_FILE_SIZE_MB } from '../../engine/widgets/file-uploader/logic.ts';
import { noticeText } from '../../engine/core/forms/notifications.ts';
import { toErrorList } from '../../engine/core/error-items.ts';
import { notify as showNotice } from '../../engine/react/notifications/store.ts';
import { ApiError, refreshedTokenHeader, systemErrorMessage, type ApiClient, type Credentials } from '../api/client.ts';
import { api } from '../api/api.ts';
import { useSession } from '../stores/session.ts';
import { handleUnauthorized } from '../session/session-end.ts';
import { saveBlob } from '../api/download.ts';
import { afterFirstPaint } from '../boot/first-paint.ts';

/** The server's widget routes (server/modules/lookups, server/modules/files). */
export const widgetPaths = {
  lookup: (source: string) => `/api/lookups/${encodeURIComponent(source)}`,
  countries: '/api/lookups/countries',
  states: '/api/lookups/states',
  phoneNumberTypes: '/api/lookups/phone-number-types',
  upload: { file: '/api/files/upload', image: '/api/files/upload-image', clientlogo: '/api/files/upload-logo' } satisfies Record<UploadKind, string>,
  verify: '/api/files/verify',
  download: '/api/files/download',
  image: '/api/files/image',
  limits: '/api/files/limits',
  /** A role's permission tree (server/modules/roles): ?roleId=N, none for a new role. */
  permissionTree: '/api/roles/permission-tree',
  /** What some roles give together, for a user's module access: ?RoleIds=1&RoleIds=2. */
  accessByRoles: '/api/roles/access-by-roles',
};

/**
 * The permission tree's address: a role's (`roleId`, left out for a new role), or, with `roleIds`, what
 * those roles give, the parameter repeated per Id (no Ids, no parameter: no roles).
 */
export function permissionTreeUrl({ roleId, roleIds }: PermissionTreeQuery): string {
  if (roleIds) {
    const params = new URLSearchParams(roleIds.map((id) => ['RoleIds', String(id)])).toString();
    return params ? `${widgetPaths.accessByRoles}?${params}` : widgetPaths.accessByRoles;
  }
  return withQuery(widgetPaths.permissionTree, { roleId: roleId !== undefined && roleId > 0 ? String(roleId) : undefined });
}

/** What the data source needs beyond the API client: the session's headers and what a 401 or a new token does. */
export interface AppWidgetDataDeps {
  api: ApiClient;
  credentials(): Credentials | null;
  onRefreshedToken(token: string): void;
  onUnauthorized(error: ApiError): void;
  notify(notice: WidgetNotice, error?: unknown): void;
  maxFileSizeMB: number;
  /** Saves a downloaded file under a name (a link with the download attribute, in the browser). */
  save(blob: Blob, fileName: string): void;
}

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();

function withQuery(url: string, params: Record<string, string | undefined>): string {
  const q = query(params);
  return q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * The widget library's server calls (engine/widgets/data-context.tsx) over this app's routes. Reads go
 * through the API client; uploads (XMLHttpRequest, for upload progress) and downloads (fetch, for the
 * bytes) carry the same Authorization, Session-Id and Instance-Id headers and obey the same 401 and
 * refreshed-token rules.
 */
export function createAppWidgetData(deps: AppWidgetDataDeps): WidgetDataSource {
  const authHeaders = (): Record<string, string> => {
    const c = deps.credentials();
    return c ? { authorization: `Bearer ${c.token}`, 'session-id': c.SessionId, 'instance-id': c.InstanceId } : {};
  };

  function failure(status: number, body: unknown, signedIn: boolean): ApiError {
    const items = toErrorList(body);
    const error = new ApiError(status, items.length ? items : toErrorList(`API Call failed with status code ${status}`), body);
    if (status === 401 && signedIn) deps.onUnauthorized(error);
    return error;
  }

  function upload(file: File, meta: { kind: UploadKind; name?: string; description?: string } & UploadTarget, onProgress: (f: number) => void): Promise<UploadedFile> {
    const form = new FormData();
    // Name and description first, so the server has them before the file's bytes.
    if (meta.kind === 'file') {
      if (meta.name !== undefined) form.append('name', meta.name);
      if (meta.description !== undefined) form.append('description', meta.description);
    }
    form.append('file', file, file.name);
    const headers = authHeaders();
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', withQuery(widgetPaths.upload[meta.kind], { module: meta.module, recordId: meta.recordId?.toString() }));
      xhr.setRequestHeader('accept', 'application/json');
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
      xhr.onload = () => {
        const body = parse(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          const refreshed = xhr.getResponseHeader(refreshedTokenHeader);
          if (refreshed) deps.onRefreshedToken(refreshed);
          onProgress(1);
          resolve(body as UploadedFile);
        } else {
          reject(failure(xhr.status, body, 'authorization' in headers));
        }
      };
      xhr.onerror = () => reject(new ApiError(0, toErrorList(systemErrorMessage)));
      xhr.onabort = xhr.onerror;
      xhr.send(form);
    });
  }

  /** A stored file's bytes through the download route, which answers only those who may read the file. */
  async function fetchFile(fileName: string, userFileName?: string): Promise<Blob> {
    const headers = authHeaders();
    let response: Response;
    try {
      response = await fetch(withQuery(widgetPaths.download, { fileName, userFileName }), { headers });
    } catch {
      throw new ApiError(0, toErrorList(systemErrorMessage));
    }
    if (!response.ok) throw failure(response.status, parse(await response.text()), 'authorization' in headers);
    const refreshed = response.headers.get(refreshedTokenHeader);
    if (refreshed) deps.onRefreshedToken(refreshed);
    return response.blob();
  }

  async function download(fileName: string, userFileName: string): Promise<void> {
    deps.save(await fetchFile(fileName, userFileName), userFileName);
  }

  /** An image for an <img>, typed by its extension (the download answers octet-stream). */
  async function loadImage(fileName: string): Promise<Blob> {
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    return new Blob([await fetchFile(fileName)], { type: `image/${extension === 'jpg' ? 'jpeg' : extension}` });
  }

  return {
    loadCountries: () => deps.api.get<Country[]>(widgetPaths.countries),
    loadStates: () => deps.api.get<UsState[]>(widgetPaths.states),
    loadPhoneNumberTypes: () => deps.api.get<SelectOption[]>(widgetPaths.phoneNumberTypes),
    loadOptions: (source, { search, ids, params }) =>
      deps.api.get<SelectOption[]>(withQuery(widgetPaths.lookup(source), { ...params, search, ids: ids?.length ? ids.join(',') : undefined })),
    uploadFile: upload,
    verifyFile: (fileName) => deps.api.get<boolean>(withQuery(widgetPaths.verify, { fileName })),
    downloadFile: download,
    imageUrl: (fileName, container) => withQuery(widgetPaths.image, { fileName, container }),
    loadImage,
    loadWizardLevel: (level: WizardLevel, parentId: number | null) =>
      deps.api.get<WizardNodeData[]>(withQuery(level.ChildApiUrl, { Id: parentId === null ? undefined : String(parentId) })),
    loadPermissionTree: (q) => deps.api.get<PermissionTree>(permissionTreeUrl(q)),
    maxFileSizeMB: deps.maxFileSizeMB,
    notify: deps.notify,
  };
}

/** A widget notice in the notification area; the server's own message wins when it sent exactly one. */
function notifyWidget(notice: WidgetNotice, error?: unknown): void {
  const items = error instanceof ApiError ? error.items : [];
  showNotice('error', noticeText(notice, 'error', {}, items.length === 1 ? items[0].ErrorMessage : undefined));
}

function credentials(): Credentials | null {
  const { token, session } = useSession.getState();
  return token && session ? { token, SessionId: session.SessionId, InstanceId: session.InstanceId } : null;
}

/** The signed-in app's data source: the server's file size limit is fetched once, 1024 MB meanwhile. */
export function useAppWidgetData(): WidgetDataSource {
  const [maxFileSizeMB, setMaxFileSizeMB] = useState(DEFAULT_MAX_FILE_SIZE_MB);
  useEffect(() => {
    let live = true;
    afterFirstPaint().then(() => api.get<{ MaxFileSizeMB: number }>(widgetPaths.limits, { quiet: true }))
      .then((limits) => { if (live && limits?.MaxFileSizeMB > 0) setMaxFileSizeMB(limits.MaxFileSizeMB); })
      .catch(() => { /* the default stands; the server still enforces its own limit */ });
    return () => { live = false; };
  }, []);
  return useMemo(() => createAppWidgetData({
    api, credentials, maxFileSizeMB, save: saveBlob, notify: notifyWidget,
    onRefreshedToken: (token) => useSession.getState().setToken(token),
    onUnauthorized: handleUnauthorized,
  }), [maxFileSizeMB]);
}
