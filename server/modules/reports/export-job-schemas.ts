/** The Fastify schemas of the background export calls (wire names in PascalCase, as the other reports calls). */
import { exportBody } from './schemas.ts';

const nullableText = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

export const exportJobBody = {
  ...exportBody,
  required: [...exportBody.required, 'Format'],
  properties: { ...exportBody.properties, Format: { enum: ['csv', 'xlsx', 'pdf'] } },
} as const;

const job = {
  type: 'object',
  properties: {
    ExportId: { type: 'integer' }, ReportId: { type: 'integer' }, ReportName: { type: 'string' }, Format: { type: 'string' },
    Status: { enum: ['running', 'done', 'failed', 'cancelled'] }, RowsDone: { type: 'number' }, RowsTotal: nullableNumber,
    Bytes: nullableNumber, FileName: { type: 'string' }, Error: nullableText, CreatedAt: { type: 'string' }, FinishedAt: nullableText,
  },
} as const;

export const exportJobAnswer = job;
export const exportJobsAnswer = { type: 'array', items: job } as const;
