import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { pageIdOf } from '../../../engine/core/lowcode/compose-page.ts';
import type { PermissionTree } from '../../../engine/core/access/types.ts';

/** What a module opens: a page (a built form shown at a route of its own), a built form's records, or a shipped screen. */
export type ModuleKind = 'Page' | 'Form' | 'Screen';

export interface ModuleHint {
  Kind: ModuleKind;
  /** One line telling what choosing the module opens, e.g. "Form: opens the records of Incident Report at /incident-report". */
  Hint: string;
}

const isFormScreen = (screen: ScreenDocument) => /^form-\d+$/.test(screen.id);

/** The route a module's screen opens at: its list, else its single-record route. */
const entryOf = (screen: ScreenDocument) => screen.routes.list ?? screen.routes.single ?? null;

/**
 * Issue 29 (finding 4): a form ('Incident Report') and the page showing it ('Incidents') are two modules with nothing
 * telling them apart. Each module gets its kind and a line saying what it opens: a page names the form whose records it
 * shows, a form the page(s) that show the same records, so a person picks the page where one exists.
 */
export function moduleHints(screens: Iterable<ScreenDocument>): Map<string, ModuleHint> {
  const all = [...screens].filter((s) => s.module);
  // A page's screen is its form's screen under the page's route: the form is known by its records' label.
  const pagesOfForm = new Map<string, string[]>();
  for (const screen of all) {
    if (pageIdOf(screen.id) === null) continue;
    const form = screen.form?.entityLabel ?? '';
    pagesOfForm.set(form, [...(pagesOfForm.get(form) ?? []), screen.title]);
  }
  const hints = new Map<string, ModuleHint>();
  for (const screen of all) {
    const module = screen.module!;
    if (hints.has(module)) continue;
    const at = entryOf(screen);
    const where = at ? ` at ${at}` : '';
    if (pageIdOf(screen.id) !== null) {
      hints.set(module, { Kind: 'Page', Hint: `Page${where}: shows the records of the form ${screen.form?.entityLabel ?? screen.title}` });
    } else if (isFormScreen(screen)) {
      const pages = pagesOfForm.get(screen.title) ?? [];
      const shownBy = pages.length ? `; the page ${pages.map((p) => `'${p}'`).join(', ')} shows them to staff` : '';
      hints.set(module, { Kind: 'Form', Hint: `Form: opens the records of ${screen.title}${where} (for its administrators)${shownBy}` });
    } else {
      hints.set(module, { Kind: 'Screen', Hint: `Screen of the application${where}` });
    }
  }
  return hints;
}

/** The order a person picks a menu link's module in: pages first (what staff open), then screens, then forms. */
export const moduleKindOrder: Record<ModuleKind, number> = { Page: 0, Screen: 1, Form: 2 };

/** The group heading of each kind in a select. */
export const moduleKindGroups: Record<ModuleKind, string> = {
  Page: 'Pages',
  Screen: 'Screens of the application',
  Form: 'Forms (their records, as administrators see them)',
};

/** The permission tree with each module node's kind and hint (issue 29: a form and its page told apart in the editor). */
export function withModuleHints(tree: PermissionTree, screens: Iterable<ScreenDocument>): PermissionTree {
  const hints = moduleHints(screens);
  return { ...tree, Nodes: tree.Nodes.map((node) => (node.Type === 'module' && hints.has(node.Name) ? { ...node, ...hints.get(node.Name) } : node)) };
}
