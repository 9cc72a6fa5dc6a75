import type { Knex } from 'knex';

/** What a permission payload is checked against, per node: its kind, its module, and what it allows. */
export interface NodeFacts {
  NodeId: number;
  Type: 'module' | 'route' | 'field';
  Label: string;
  ParentNodeId: number | null;
  AllowUse: boolean;
  IsRetired: boolean;
  /** The node's module offers 'View All Records'. */
  AllowViewAllRecords: boolean;
  ModuleLabel: string;
}

/** The facts of the nodes named, by id (a node that does not exist is absent): one query for a role's or a user's save. */
export async function nodeFacts(db: Knex, ids: number[]): Promise<Map<number, NodeFacts>> {
  if (!ids.length) return new Map();
  const rows: NodeFacts[] = await db('permission_nodes as n')
    .join('modules as m', 'm.ModuleId', 'n.ModuleId')
    .whereIn('n.NodeId', ids)
    .select('n.NodeId', 'n.Type', 'n.Label', 'n.ParentNodeId', 'n.AllowUse', 'n.IsRetired', 'm.AllowViewAllRecords', { ModuleLabel: 'm.Label' });
  return new Map(rows.map((r) => [r.NodeId, r]));
}

/** Each mention of an id after its first, in order: what a payload names more than once. */
export function repeatedIds(entries: Array<{ Id: number }>): number[] {
  const seen = new Set<number>();
  const repeated: number[] = [];
  for (const { Id } of entries) {
    if (seen.has(Id)) repeated.push(Id);
    seen.add(Id);
  }
  return repeated;
}
