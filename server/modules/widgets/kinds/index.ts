import type { WidgetKind } from '../store.ts';
import type { WidgetKindServer } from './kind.ts';
import { chartKind, numberKind } from './form-kinds.ts';
import { bulletinsKind, favouritesKind, linksKind, recentKind, sessionsKind } from './list-kinds.ts';
import { reportKind } from './report-kind.ts';

/** Each kind's server function by kind name: a new widget of a kind here is data; a new kind is one entry. */
export const widgetKinds: Record<WidgetKind, WidgetKindServer> = {
  number: numberKind,
  chart: chartKind,
  report: reportKind,
  favourites: favouritesKind,
  recent: recentKind,
  sessions: sessionsKind,
  bulletins: bulletinsKind,
  links: linksKind,
};
