import type { ReportableField } from '../../../ui/screens/reports/builder/builder-api.ts';

/** The fields GET /api/reports/builder/fields answers for an Incident form: text, a select, a number, the record's date and the count. */
export const incidentFields: ReportableField[] = [
  { Field: 'Title', Title: 'Title', Kind: 'text' },
  { Field: 'Severity', Title: 'Severity', Kind: 'selectOne' },
  { Field: 'Cost', Title: 'Cost', Kind: 'number' },
  { Field: 'CreatedDate', Title: 'Created Date', Kind: 'datetime' },
  { Field: 'RecordCount', Title: 'Records', Kind: 'count' },
];
