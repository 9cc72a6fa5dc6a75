import type { Knex } from 'knex';
import type { ErrorItem } from '../../../../engine/core/error-items.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { WidgetDefinition } from '../store.ts';

/** What a kind's data call is given: a read-only transaction under the widget's time limit, the viewer and the widget. */
export interface KindContext {
  db: Knex.Transaction;
  userId: number;
  widget: WidgetDefinition;
  sessionIdleSeconds: number;
  /** REPORTS_DATABASE_URL's database when set (reports run there, as on the reports screen), else null: the app's. */
  reportsDb: Knex | null;
  timeoutSeconds: number;
}

/** One line of a list widget (favourites, recent records, sessions, bulletins, links). */
export interface ListItem { Title: string; Url?: string; Detail?: string }

/** A widget kind: its data for one viewer, and the check of a definition an administrator saves (error items). */
export interface WidgetKindServer {
  data(ctx: KindContext): Promise<Record<string, unknown>>;
  check?(db: Knex, widget: Pick<WidgetDefinition, 'Source' | 'Options'>): Promise<ErrorItem[]>;
}

/**
 * A source the viewer may not read answers as one that does not exist: a form whose module they lack, a field the
 * field mask hides from them, a report they may not run.
 */
export const sourceGone = () => HttpError.of(404, 'This widget shows something that does not exist, or that you may not see.', null, 'NotFound');

export const problem = (PropertyName: string, ErrorMessage: string): ErrorItem => ({ PropertyName, ErrorMessage, ErrorCode: 'Widget' });

/** An option as a string ('' when absent or not a string). */
export const textOption = (options: Record<string, unknown>, name: string): string => (typeof options[name] === 'string' ? (options[name] as string) : '');
