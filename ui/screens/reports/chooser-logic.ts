import type { Report, ReportCategory } from './report-api.ts';

export interface ReportGroup { category: ReportCategory; reports: Report[] }

/**
 * The reports by category, categories and reports each in DisplayOrder (then by name), keeping those whose name or
 * description holds every word searched (case-insensitive); a category left empty is not shown.
 */
export function groupReports(reports: Report[], categories: ReportCategory[], search: string): ReportGroup[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (r: Report) => {
    const text = `${r.ReportDispName} ${r.Description ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  };
  const byOrder = <T extends { DisplayOrder: number }>(name: (x: T) => string) => (a: T, b: T) => a.DisplayOrder - b.DisplayOrder || name(a).localeCompare(name(b));
  return [...categories]
    .sort(byOrder((c) => c.Title))
    .map((category) => ({
      category,
      reports: reports.filter((r) => (r.CategoryId ?? r.ReportCategoryId) === category.CategoryId && matches(r)).sort(byOrder((r) => r.ReportDispName)),
    }))
    .filter((group) => group.reports.length > 0);
}
