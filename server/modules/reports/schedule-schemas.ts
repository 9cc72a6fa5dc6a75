/** The Fastify schemas of the report schedule calls (wire names in PascalCase, as the other reports calls). */
const id = { type: 'integer', minimum: 1 } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

export const scheduleBody = {
  type: 'object',
  required: ['ReportId', 'FavoriteId', 'Frequency', 'Time', 'TimeZone', 'Format'],
  additionalProperties: false,
  properties: {
    ReportId: id, FavoriteId: id, Frequency: { enum: ['daily', 'weekly', 'monthly'] }, Weekday: nullableInteger, MonthDay: nullableInteger,
    Time: { type: 'string', maxLength: 5 }, TimeZone: { type: 'string', maxLength: 64 }, Format: { enum: ['csv', 'xlsx', 'pdf'] },
  },
} as const;

const schedule = {
  type: 'object',
  properties: {
    ScheduleId: id, ReportId: id, ReportName: text, FavoriteId: id, FavoriteName: text, Frequency: text, Weekday: nullableInteger, MonthDay: nullableInteger,
    Time: text, TimeZone: text, Format: text, IsActive: { type: 'boolean' }, NextRunAt: text, LastRunAt: nullableText,
    LastStatus: nullableText, LastError: nullableText, CreatedAt: text,
  },
} as const;

export const scheduleAnswer = schedule;
export const schedulesAnswer = { type: 'array', items: schedule } as const;
