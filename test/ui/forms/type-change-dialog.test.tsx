import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TypeChangeDialog } from '../../../ui/screens/forms/TypeChangeDialog.tsx';

const labelOf = (type: string) => ({ integer: 'Integer', text: 'Text', date: 'Date' })[type] ?? type;

describe('the type change dry run dialog', () => {
  it('confirms and saves when every stored value converts', async () => {
    const onConfirm = vi.fn();
    render(<TypeChangeDialog preview={{ From: 'integer', To: 'text', Total: 3, Convertible: 3, FailingCount: 0, Failing: [] }} labelOf={labelOf} onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.getByText('3 of 3 records with a value convert to Text.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change type and save' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('lists the values that do not convert, says how many more there are, and offers only Close', () => {
    const failing = Array.from({ length: 100 }, (_, i) => ({ RecordId: i + 1, Value: `v${i}` }));
    render(<TypeChangeDialog preview={{ From: 'text', To: 'date', Total: 150, Convertible: 30, FailingCount: 120, Failing: failing }} labelOf={labelOf} onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByText('120 records cannot be converted, so the change cannot be applied. Correct or clear these values first, or choose another type.')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('The first 100 of 120 are shown.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change type and save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
