import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import user from '../../metadata/entities/User.json' with { type: 'json' };
import type { JsonSchema } from '../../engine/core/forms/types.ts';
import { emptyValue, fieldLabel, formatHistoryValue } from '../../ui/screens/screen/history-format.ts';
import { HistoryDialog } from '../../ui/screens/screen/HistoryButton.tsx';

const entity = user as unknown as JsonSchema;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Promise<Response>;
const fetchMock = vi.fn(async () => answer());

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("the History dialog's values", () => {
  it('labels a field with its title, or its name when it has none', () => {
    expect(fieldLabel(entity, 'LastName')).toBe('Last Name');
    expect(fieldLabel(entity, 'Unknown')).toBe('Unknown');
  });

  it('shows booleans as Yes/No, dates in the display format, lists joined and nothing as empty', () => {
    expect(formatHistoryValue(entity, 'IsActive', true)).toBe('Yes');
    expect(formatHistoryValue(entity, 'IsActive', false)).toBe('No');
    const at = '2024-05-01T13:05:00.000Z';
    expect(formatHistoryValue(entity, 'ActivationDate', at)).toBe(format(new Date(at), 'MM/dd/yyyy hh:mm a'));
    expect(formatHistoryValue(entity, 'Role', [1, 3])).toBe('1, 3');
    expect(formatHistoryValue(entity, 'Role', [])).toBe(emptyValue);
    expect(formatHistoryValue(entity, 'FirstName', null)).toBe(emptyValue);
    expect(formatHistoryValue(entity, 'FirstName', 'Ada')).toBe('Ada');
  });
});

describe('the History dialog', () => {
  it("says 'Please Wait...' while loading, then lists each entry with who, when and the changed fields", async () => {
    let release!: (r: Response) => void;
    answer = () => new Promise((resolve) => { release = resolve; });
    render(<HistoryDialog url="/api/users/5/history" entity={entity} onClose={() => {}} />);
    expect(screen.getByText('Please Wait...')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/5/history', expect.anything());
    const at = '2026-11-24T10:20:00.000Z';
    release(json([
      { AuditId: 2, Action: 'deactivate', ChangedBy: 'admin', ChangedAt: at, Changes: [{ Field: 'IsActive', Old: true, New: false }] },
      { AuditId: 1, Action: 'create', ChangedBy: 'clerk', ChangedAt: at, Changes: [{ Field: 'LastName', Old: null, New: 'Annan' }] },
    ]));
    const when = format(new Date(at), 'MM/dd/yyyy HH:mm');
    await waitFor(() => expect(screen.getByText(`Deactivated on ${when} by admin`)).toBeTruthy());
    const rows = within(screen.getByRole('dialog')).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(expect.arrayContaining(['Is ActiveYesNo', `Last Name${emptyValue}Annan`]));
    expect(screen.getByText(`Created on ${when} by clerk`)).toBeTruthy();
  });

  it('says so when nothing has been recorded, and shows a failure in an alert', async () => {
    answer = async () => json([]);
    const { unmount } = render(<HistoryDialog url="/api/users/5/history" entity={entity} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByText('No changes have been recorded yet.')).toBeTruthy());
    unmount();
    answer = async () => json([{ PropertyName: null, ErrorMessage: 'This user no longer exists.', ErrorCode: 'NotFound' }], 404);
    render(<HistoryDialog url="/api/users/6/history" entity={entity} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This user no longer exists.'));
  });
});
