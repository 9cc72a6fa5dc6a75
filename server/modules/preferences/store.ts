import type { Knex } from 'knex';

/** Keys are one preference whatever their case (spec 1: the key is stored lowercased). */
export const preferenceKey = (key: string) => key.trim().toLowerCase();

/** The stored value, or '' when the user has none under that key. */
export async function readPreference(db: Knex, userId: number, key: string): Promise<string> {
  const row = (await db('user_preferences').where({ UserId: userId, Key: preferenceKey(key) }).first('Value')) as { Value: string } | undefined;
  return row?.Value ?? '';
}

export async function savePreference(db: Knex, userId: number, key: string, value: string): Promise<void> {
  await db('user_preferences')
    .insert({ UserId: userId, Key: preferenceKey(key), Value: value, ModifiedDate: db.fn.now() })
    .onConflict(['UserId', 'Key'])
    .merge(['Value', 'ModifiedDate']);
}
