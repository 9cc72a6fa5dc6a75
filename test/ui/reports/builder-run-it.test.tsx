import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import ReportsPage from '../../../ui/screens/reports/ReportsPage.tsx';
import reportsScreen from '../../../metadata/screens/reports.json' with { type: 'json' };
import { fakeReportsServer } from './fake-reports-server.ts';

beforeEach(() => vi.stubGlobal('fetch', fakeReportsServer().fetch));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const openAt = (url: string) => {
  window.history.replaceState(null, '', url);
  render(<ReportsPage screen={reportsScreen as unknown as ScreenDocument} kind="single" params={{}} />);
};

/** The builder's "Run it" opens /reportmodule/view?reportId=: the viewer opens that report at once. */
describe('the viewer opened at a report', () => {
  it('opens the report named by ?reportId= with its filters', async () => {
    openAt('/reportmodule/view?reportId=2');
    expect(await screen.findByRole('heading', { name: 'Sales by office', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Report filters' })).toBeTruthy();
  });

  it('says so when the report named is not one the user may run, and shows the chooser', async () => {
    openAt('/reportmodule/view?reportId=99');
    expect(await screen.findByText('The report asked for does not exist, or is not one you may run.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Reports' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Sales by office' })).toBeNull();
  });
});
