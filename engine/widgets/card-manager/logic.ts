/** A card on the stack: a registered card name and the props it was opened with. */
export interface CardEntry { name: string; props?: Record<string, unknown> }

/** The z-index of the card at a stack index: 13 + 3 * index. */
export function cardZIndex(index: number): number {
  return 13 + 3 * index;
}

/** The z-index of the overlay under the card at a stack index: 10 + 3 * index. */
export function overlayZIndex(index: number): number {
  return 10 + 3 * index;
}

/** The result of adding a card: the new stack, or a refusal with its warning. */
export type AddCardResult = { ok: true; cards: CardEntry[] } | { ok: false; warning: string };

/**
 * Puts a card on top of the stack. An unknown name is a programming error and raises; a card
 * already present is refused with a warning (opening it twice would stack two copies).
 */
export function addCard(cards: readonly CardEntry[], entry: CardEntry, known: ReadonlySet<string>): AddCardResult {
  if (!known.has(entry.name)) throw new Error(`Unknown card: ${entry.name}`);
  if (cards.some((c) => c.name === entry.name)) return { ok: false, warning: `The card ${entry.name} is already open.` };
  return { ok: true, cards: [...cards, entry] };
}

/** Takes a card (and every card above it) off the stack. */
export function removeCard(cards: readonly CardEntry[], name: string): CardEntry[] {
  const index = cards.findIndex((c) => c.name === name);
  return index < 0 ? [...cards] : cards.slice(0, index);
}

/** The card modal content's maximum height: the window height minus 100 px. */
export function cardMaxHeight(windowHeight: number): number {
  return Math.max(0, windowHeight - 100);
}
