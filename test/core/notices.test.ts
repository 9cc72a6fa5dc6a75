import { describe, expect, it } from 'vitest';
import { defaultNotices, noticeText } from '../../engine/core/forms/notifications.ts';
import { screenDocumentFaults } from '../../engine/core/screen-document.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };

describe('notice wording', () => {
  it('uses the default unless the screen configures the action', () => {
    expect(noticeText('Create', 'success')).toBe(defaultNotices.Create.success);
    expect(noticeText('Create', 'success', { Create: { success: 'The user has been registered.' } })).toBe('The user has been registered.');
    expect(noticeText('Update', 'error', { Create: { error: 'x' } })).toBe(defaultNotices.Update.error);
  });

  it("puts the server's ErrorMessage in place of the error text when there is one", () => {
    expect(noticeText('Delete', 'error', { Delete: { error: 'Configured' } }, 'The record is in use.')).toBe('The record is in use.');
    expect(noticeText('Delete', 'success', {}, 'ignored for successes')).toBe(defaultNotices.Delete.success);
  });

  it('keeps a configured empty text empty (it is then logged, not shown)', () => {
    expect(noticeText('Update', 'success', { Update: { success: '' } })).toBe('');
  });

  it('is checked in screen metadata: only the named actions, with text', () => {
    const withNotices = structuredClone(users) as Record<string, any>;
    withNotices.form.notices = { Create: { success: 'Registered.' } };
    expect(screenDocumentFaults(withNotices)).toEqual([]);
    withNotices.form.notices = { Launch: { success: 'x' } };
    expect(screenDocumentFaults(withNotices)[0].pointer).toBe('/form/notices/Launch');
  });
});
