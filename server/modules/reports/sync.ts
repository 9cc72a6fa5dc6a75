import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { metadataDir } from '../../metadata/registry.ts';
import { checkReportDefinition, ReportDefinitionError } from './definition-check.ts';
import { controlTypes, isSelect, type ReportDefinition } from './definition.ts';

export const reportModule = 'ReportModule';
export const shippedReportsDir = path.join(metadataDir, 'reports');
/** A report's permission node: a route node under ReportModule, named by its file so a rename of its title keeps grants. */
export const reportNodeName = (fileName: string) => `report:${fileName}`;

/** Every definition of a folder, each checked; the first fault stops with a message naming its file. */
export async function loadReportDefinitions(dir: string = shippedReportsDir): Promise<ReportDefinition[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const shownDir = path.relative(path.dirname(metadataDir), dir) || dir;
  const definitions: ReportDefinition[] = [];
  for (const file of files) {
    const where = `${shownDir}/${file}`;
    let def: ReportDefinition;
    try {
      def = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ReportDefinition;
    } catch (error) {
      throw new ReportDefinitionError(`${where}: not valid JSON (${(error as Error).message}).`);
    }
    await checkReportDefinition(def, where);
    if (definitions.some((d) => d.FileName === def.FileName)) throw new ReportDefinitionError(`${where}: FileName ${def.FileName} is used by another definition.`);
    definitions.push(def);
  }
  return definitions;
}

/**
 * The report tables made the definitions, in one transaction at start: categories by title, reports by FileName and
 * parameters by (report, Param), so ids stay stable; each report's node under ReportModule added or revived (granted
 * to no role: role 1 holds every node, other roles are granted reports one by one). A report no longer shipped is
 * retired with its node: listed and run nowhere, its favourites and grants kept for when it comes back. Reports built
 * in the app are left alone.
 */
export async function syncReports(db: Knex, definitions: ReportDefinition[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7001)');
    const moduleNode = await trx('permission_nodes').where({ Type: 'module', Name: reportModule }).first('NodeId', 'ModuleId');
    const categoryIds = new Map<string, number>();
    for (const def of definitions) {
      if (categoryIds.has(def.Category)) continue;
      const [{ CategoryId }] = await trx('report_categories').insert({ Title: def.Category, DisplayOrder: def.CategoryOrder ?? 0 })
        .onConflict('Title').merge(['DisplayOrder']).returning('CategoryId');
      categoryIds.set(def.Category, CategoryId);
    }
    for (const [i, def] of definitions.entries()) {
      const named = def.ReadsAllOf ?? [];
      const known = new Set((await trx('modules').whereIn('Name', named).select('Name')).map((m: { Name: string }) => m.Name));
      const unknown = named.filter((m) => !known.has(m));
      if (unknown.length) throw new ReportDefinitionError(`${def.FileName}: ReadsAllOf names modules that do not exist: ${unknown.join(', ')}.`);
      const NodeId = await reportNode(trx, moduleNode, def, i);
      const [{ ReportId }] = await trx('reports').insert(reportRow(def, categoryIds.get(def.Category)!, NodeId)).onConflict('FileName').merge().returning('ReportId');
      await syncParameters(trx, ReportId, def);
    }
    const shipped = definitions.map((d) => d.FileName);
    // Reports built in the app (on a form) are not shipped: they stay as their builder left them.
    const retired = trx('reports').whereNull('SourceFormId').whereNotIn('FileName', shipped.length ? shipped : ['']);
    await trx('permission_nodes').whereIn('NodeId', retired.clone().whereNotNull('NodeId').select('NodeId')).update({ IsRetired: true });
    await retired.update({ IsRetired: true });
  });
}

/** A definition as its row of reports: shipped ones at start, built ones when their builder saves them. */
export function reportRow(def: ReportDefinition, CategoryId: number, NodeId: number | null) {
  return {
    FileName: def.FileName, DispName: def.ReportDispName, Description: def.Description ?? '', DisplayOrder: def.DisplayOrder ?? 0,
    CategoryId, ShowHelpText: Boolean(def.ShowHelpText), HelpText: def.HelpText ?? null, Definition: JSON.stringify(def), NodeId, IsRetired: false,
  };
}

export async function reportNode(trx: Knex, moduleNode: { NodeId: number; ModuleId: number } | undefined, def: ReportDefinition, index: number): Promise<number | null> {
  if (!moduleNode) return null;
  const node = { Label: `Report: ${def.ReportDispName}`, SortOrder: 1000 + index, IsRetired: false };
  const name = reportNodeName(def.FileName);
  const existing = await trx('permission_nodes').where({ ModuleId: moduleNode.ModuleId, Type: 'route', Name: name }).first('NodeId');
  if (existing) {
    await trx('permission_nodes').where({ NodeId: existing.NodeId }).update(node);
    return existing.NodeId as number;
  }
  const [{ NodeId }] = await trx('permission_nodes')
    .insert({ Type: 'route', ModuleId: moduleNode.ModuleId, ParentNodeId: moduleNode.NodeId, Name: name, ...node }).returning('NodeId');
  return NodeId as number;
}

/** A report's parameters by Param; ParentIds worked out once every id is known. */
export async function syncParameters(trx: Knex, ReportId: number, def: ReportDefinition): Promise<void> {
  await trx('report_parameters').where({ ReportId }).whereNotIn('Param', def.Parameters.map((p) => p.Param).concat([''])).delete();
  const ids = new Map<string, number>();
  for (const p of def.Parameters) {
    const [{ ParameterId }] = await trx('report_parameters').insert({
      ReportId, Param: p.Param, Title: p.Title, ControlType: p.ControlType, DefaultValue: p.DefaultValue ?? null, DisplayOrder: p.DisplayOrder ?? 0,
      ParentIds: '', IsAllAllowed: Boolean(p.IsAllAllowed), AllOptionValue: p.AllOptionValue ?? null, ShowFilter: Boolean(p.ShowFilter),
      HelpText: p.HelpText ?? null, Options: p.Options ? JSON.stringify(p.Options) : null,
    }).onConflict(['ReportId', 'Param']).merge().returning('ParameterId');
    ids.set(p.Param, ParameterId);
  }
  for (const p of def.Parameters) {
    const parentIds = p.ControlType === controlTypes.dateRange ? p.Parent! : isSelect(p) && p.Parent ? String(ids.get(p.Parent)) : '';
    if (parentIds) await trx('report_parameters').where({ ParameterId: ids.get(p.Param) }).update({ ParentIds: parentIds });
  }
}
