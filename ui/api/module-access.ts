import { api } from './api.ts';

/** Module access answers, cached per session (spec 1 section 6); a failed call is not cached. */
const cache = new Map<string, Promise<boolean>>();

export function hasModuleAccess(moduleName: string): Promise<boolean> {
  let answer = cache.get(moduleName);
  if (!answer) {
    answer = api.get<boolean>(`/api/Authorize/ModuleAccess?moduleName=${encodeURIComponent(moduleName)}`);
    answer.catch(() => cache.delete(moduleName));
    cache.set(moduleName, answer);
  }
  return answer;
}

/** Spec 1 section 4: module-access caches are cleared when a session starts. */
export function clearModuleAccessCache(): void {
  cache.clear();
}
