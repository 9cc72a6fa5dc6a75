import { create } from 'zustand';

interface PublicSettings {
  helpUrl: string | null;
  load(): Promise<void>;
}

/** Settings every page may show, signed in or not (the support site's address); fetched once per page load. */
export const usePublicSettings = create<PublicSettings>((set, get) => ({
  helpUrl: null,
  load: async () => {
    if (get().helpUrl) return;
    try {
      const response = await fetch('/api/App/PublicSettings', { headers: { accept: 'application/json' } });
      if (response.ok) set({ helpUrl: ((await response.json()) as { HelpUrl: string }).HelpUrl });
    } catch {
      // Without it the help link is simply not offered.
    }
  },
}));
