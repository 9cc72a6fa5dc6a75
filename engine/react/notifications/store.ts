import { create } from 'zustand';

export type NoticeSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  text: string;
}

interface NotificationState {
  notices: Notice[];
  /** Where an empty notice text is reported (spec: logged as an error, nothing shown). */
  reportEmpty: (severity: NoticeSeverity) => void;
  notify: (severity: NoticeSeverity, text: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** How long a notice stays: errors longest. Timed here, not by the Snackbar, which pauses while the window is unfocused. */
export const noticeDurationMs: Record<NoticeSeverity, number> = { success: 4000, info: 5000, warning: 8000, error: 10000 };

/** Success and error notices of the screens, shown by NotificationHost. */
export const useNotifications = create<NotificationState>((set, get) => ({
  notices: [],
  reportEmpty: (severity) => console.warn(`An empty ${severity} notification was not shown.`),
  notify: (severity, text) => {
    if (!text.trim()) {
      get().reportEmpty(severity);
      return;
    }
    const id = nextId++;
    // A success means what failed before has been put right: its errors no longer stand.
    const standing = (notices: Notice[]) => (severity === 'success' ? notices.filter((n) => n.severity !== 'error') : notices);
    set((s) => ({ notices: [...standing(s.notices).slice(-3), { id, severity, text }] }));
    setTimeout(() => get().dismiss(id), noticeDurationMs[severity]);
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

export const notify = (severity: NoticeSeverity, text: string) => useNotifications.getState().notify(severity, text);
