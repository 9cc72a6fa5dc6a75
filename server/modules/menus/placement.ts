import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error.ts';
import { maxMenuTiers } from '../../../engine/core/menu.ts';

export const menuMessages = {
  loop: 'A menu item cannot be placed under itself or under an item that is beneath it.',
  tiers: (tier: number) => `The menu has at most ${maxMenuTiers} tiers: placed here, this item or an item beneath it would be on tier ${tier}.`,
  parentGone: 'The parent menu item no longer exists.',
  separatorParent: 'A separator cannot hold menu items.',
  typeChanged: 'The type of a menu item cannot be changed.',
  moduleChanged: 'The module of a menu item cannot be changed.',
  noType: 'Choose the type of the menu item.',
  moduleGone: 'This module no longer exists.',
  hasChildren: 'This menu item has items under it: move or delete them first.',
};

/** One change to the menu's shape at a time (two moves could each be fine and together make a loop). */
export async function lockMenuShape(trx: Knex): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(7013)');
}

const refuse = (message: string) => HttpError.of(400, message, 'ParentMenuItemId', 'MenuPlacement');

/** Refuses a parent that does not exist, before the write (the foreign key would otherwise fail as a system error). */
export async function checkParentExists(trx: Knex, parentId: unknown): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  if (!(await trx('menu_items').where({ MenuItemId: parentId }).first('MenuItemId'))) throw refuse(menuMessages.parentGone);
}

/**
 * Checks, in the save's transaction and after its write, that the item sits in a tree: its parents never lead back
 * to it, the parent is no separator, and neither the item nor anything beneath it lies below tier 5. Throws the
 * refusal (the transaction then writes nothing).
 */
export async function checkMenuPlacement(trx: Knex, menuItemId: number): Promise<void> {
  const item = await trx('menu_items').where({ MenuItemId: menuItemId }).first('ParentMenuItemId');
  if (!item) return;
  if (item.ParentMenuItemId !== null) {
    // The parent exists: the written row's foreign key saw to it (a save checks first, checkParentExists, to name it).
    const parent = await trx('menu_items').where({ MenuItemId: item.ParentMenuItemId }).first('MenuItemTypeId');
    if (parent?.MenuItemTypeId === 4) throw refuse(menuMessages.separatorParent);
  }
  // Up the parents: the item's tier (1 on the first tier), or a loop when the walk comes back to an item it passed.
  const { rows: [up] } = await trx.raw(`with recursive up(id, parent, tier, path, looped) as (
      select menu_item_id, parent_menu_item_id, 1, array[menu_item_id], false from menu_items where menu_item_id = ?
      union all
      select m.menu_item_id, m.parent_menu_item_id, up.tier + 1, up.path || m.menu_item_id, m.menu_item_id = any(up.path)
      from up join menu_items m on m.menu_item_id = up.parent
      where not up.looped and up.tier <= ?)
    select max(tier) as tier, bool_or(looped) as looped from up`, [menuItemId, maxMenuTiers * 4]);
  if (up.Looped) throw refuse(menuMessages.loop);
  // Down the children: how many tiers hang below the item.
  const { rows: [down] } = await trx.raw(`with recursive down(id, below) as (
      select menu_item_id, 0 from menu_items where menu_item_id = ?
      union all
      select m.menu_item_id, down.below + 1 from down join menu_items m on m.parent_menu_item_id = down.id where down.below <= ?)
    select max(below) as below from down`, [menuItemId, maxMenuTiers]);
  const deepest = Number(up.Tier) + Number(down.Below);
  if (deepest > maxMenuTiers) throw refuse(menuMessages.tiers(deepest));
}
