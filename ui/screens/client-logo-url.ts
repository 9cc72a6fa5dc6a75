let logoUrl: Promise<string | null> | undefined;

/** The client logo's address, asked once per page load; null when none was uploaded (or the call fails). */
export function clientLogoUrl(): Promise<string | null> {
  logoUrl ??= fetch('/api/App/ClientLogo', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ FileName: string | null }>) : { FileName: null }))
    .then(({ FileName }) => (FileName ? `/api/files/image?fileName=${encodeURIComponent(FileName)}&container=clientlogo` : null))
    .catch(() => null);
  return logoUrl;
}

/** After the settings were saved: the next public page asks again, so a new logo shows without a reload. */
export function forgetClientLogo(): void {
  logoUrl = undefined;
}
