import type { Country, UploadedFile, UsState, WidgetDataSource, WizardNodeData } from '../../../engine/widgets/data-context.tsx';
import type { SelectOption } from '../../../engine/widgets/shared/types.ts';
import { fakePermissionTree } from './module-access-tree.ts';

/** Countries of the fakes: the United States by its server name, and two others. */
export const fakeCountries: Country[] = [
  { Id: 1, Name: 'UNITED STATES' },
  { Id: 2, Name: 'CANADA' },
  { Id: 3, Name: 'MEXICO' },
];

/** A few states. */
export const fakeStates: UsState[] = [
  { Id: 1, Name: 'Alabama', Abbreviation: 'AL' },
  { Id: 2, Name: 'Alaska', Abbreviation: 'AK' },
  { Id: 5, Name: 'California', Abbreviation: 'CA' },
  { Id: 33, Name: 'New York', Abbreviation: 'NY' },
];

/** Phone number types. */
export const fakePhoneTypes: SelectOption[] = [
  { Id: 1, Name: 'Home' },
  { Id: 2, Name: 'Work' },
  { Id: 3, Name: 'Mobile' },
];

/** n options named 'Option 0001'.. for big-data stories. */
export function manyOptions(n: number): SelectOption[] {
  return Array.from({ length: n }, (_, i) => ({ Id: i + 1, Name: `Option ${String(i + 1).padStart(4, '0')}` }));
}

/** Named lookups of the fakes. */
export const fakeLookups: Record<string, SelectOption[]> = {
  colours: [
    { Id: 1, Name: 'Red' },
    { Id: 2, Name: 'Green' },
    { Id: 3, Name: 'Blue' },
    { Id: 4, Name: 'Other', HasSpecifyMore: true },
  ],
  single: [{ Id: 7, Name: 'The only choice' }],
  // The roles of the module access fakes (module-access-tree.ts).
  roles: [
    { Id: 1, Name: 'Administrator' },
    { Id: 2, Name: 'Staff' },
    { Id: 3, Name: 'Reporting' },
  ],
  big: manyOptions(2000),
  'time-zones': [
    { Id: 3, Name: '(UTC-08:00) Pacific Time (US & Canada)' },
    { Id: 6, Name: '(UTC-06:00) Central Time (US & Canada)' },
    { Id: 8, Name: '(UTC-05:00) Eastern Time (US & Canada)' },
    { Id: 16, Name: '(UTC+00:00) Dublin, Lisbon, London' },
  ],
};

/** Options for the fakes: delays in ms, so tests can make them instant. */
export interface FakeOptions { delayMs?: number }

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A WidgetDataSource over in-memory data, for stories and tests. */
export function createFakeDataSource({ delayMs = 0 }: FakeOptions = {}): WidgetDataSource {
  let nextFile = 100;
  return {
    async loadCountries() { await wait(delayMs); return fakeCountries; },
    async loadStates() { await wait(delayMs); return fakeStates; },
    async loadPhoneNumberTypes() { await wait(delayMs); return fakePhoneTypes; },
    async loadOptions(source, { search, ids }) {
      await wait(delayMs);
      const all = fakeLookups[source] ?? [];
      if (ids) return all.filter((o) => ids.includes(o.Id));
      if (search) return all.filter((o) => o.Name.toLowerCase().includes(search.toLowerCase())).slice(0, 50);
      return all;
    },
    async uploadFile(file, meta, onProgress) {
      for (const f of [0.25, 0.5, 0.75, 1]) { await wait(delayMs / 4); onProgress(f); }
      const stored: UploadedFile = {
        Id: nextFile++,
        Name: meta.name ?? file.name,
        Description: meta.description ?? ' ',
        FileName: `stored-${nextFile}.${file.name.split('.').pop()}`,
        UserFileName: file.name,
        IsActive: true,
      };
      return stored;
    },
    async verifyFile() { await wait(delayMs); return true; },
    async downloadFile() { await wait(delayMs); },
    imageUrl: (fileName, container) =>
      `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#cfd8e3"/><text x="8" y="44" font-size="10">${container}/${fileName}</text></svg>`)}`,
    async loadWizardLevel(level, parentId) {
      await wait(delayMs);
      const base = (parentId ?? 0) * 10;
      const nodes: WizardNodeData[] = [1, 2, 3].map((i) => ({ Id: base + i, Name: `${level.Name} ${base + i}`, ParentId: parentId }));
      return nodes;
    },
    async loadPermissionTree(query) { await wait(delayMs); return fakePermissionTree(query); },
    maxFileSizeMB: 1024,
  };
}
