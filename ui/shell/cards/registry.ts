import type { CardDefinition } from '../../../engine/widgets/card-manager/CardManager.tsx';
import { useCardStore } from '../../../engine/widgets/card-manager/store.ts';

/**
 * The side cards the shell can stack (spec 3 "Card manager"), by name. A feature registers its card once (at import),
 * then opens it with `openCard(name, props)`; a name nobody registered is a programming error and raises.
 */
export const appCards: Record<string, CardDefinition> = {};

export function registerAppCard(name: string, card: CardDefinition): void {
  appCards[name] = card;
  useCardStore.getState().register([name]);
}

/** Opens a registered card on top of the stack; one already open is refused with a warning (shown as a notice). */
export function openCard(name: string, props?: Record<string, unknown>): void {
  useCardStore.getState().open(name, props);
}
