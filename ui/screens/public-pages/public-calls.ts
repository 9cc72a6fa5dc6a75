/** The public pages' calls (server/modules/public-pages): only what each page shows, without a session. */
export const publicCalls = {
  bulletin: (id: string) => `/api/public/bulletins/${encodeURIComponent(id)}`,
  schedule: (from: Date) => `/api/public/schedule?from=${encodeURIComponent(from.toISOString())}`,
};

export interface Bulletin { Title: string; Body: string; PublishDate: string }

export interface ScheduleItem { Id: number; Title: string; StartsAt: string; EndsAt: string | null; Place: string | null; Status: string | null }

export interface Schedule { From: string; To: string; Items: ScheduleItem[] }
