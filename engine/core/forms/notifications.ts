/**
 * The named notices of spec 2 section 8 and spec 3 section 8. Their wording is configuration the
 * specification does not show; these defaults are what a screen shows unless its configuration says
 * otherwise. An empty text is logged, never shown.
 */
export type NoticeAction = 'Validation' | 'Read' | 'Create' | 'Update' | 'Delete' | 'Deactivate' | 'List' | 'Login' | 'Access'
  | 'UploadCreate' | 'UploadRead' | 'UploadUpdate' | 'UploadDelete' | 'Reorder';

export interface NoticeText { success: string; error: string }

export const defaultNotices: Record<NoticeAction, NoticeText> = {
  Validation: { success: '', error: 'Please correct the highlighted fields and try again.' },
  Read: { success: '', error: 'The record could not be loaded.' },
  Create: { success: 'The record has been created.', error: 'The record could not be created.' },
  Update: { success: 'Your changes have been saved.', error: 'Your changes could not be saved.' },
  Delete: { success: 'The record has been deleted.', error: 'The record could not be deleted.' },
  Deactivate: { success: 'The record has been deactivated.', error: 'The record could not be deactivated.' },
  List: { success: '', error: 'The list could not be loaded.' },
  Login: { success: '', error: 'Login failed.' },
  Access: { success: '', error: "You don't have permission to do that." },
  UploadCreate: { success: 'The file has been uploaded.', error: 'The file could not be uploaded.' },
  UploadRead: { success: '', error: 'The file could not be found.' },
  UploadUpdate: { success: 'The file has been updated.', error: 'The file could not be updated.' },
  UploadDelete: { success: 'The file has been removed.', error: 'The file could not be removed.' },
  Reorder: { success: 'The new order has been saved.', error: 'The new order could not be saved.' },
};

/** The text for an action's outcome: the configured one, else the default; `serverMessage` wins for errors. */
export function noticeText(
  action: NoticeAction,
  outcome: keyof NoticeText,
  configured: Partial<Record<NoticeAction, Partial<NoticeText>>> = {},
  serverMessage?: string,
): string {
  if (outcome === 'error' && serverMessage) return serverMessage;
  return configured[action]?.[outcome] ?? defaultNotices[action][outcome];
}
