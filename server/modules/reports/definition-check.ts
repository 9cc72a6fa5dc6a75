import { toPascalCase, toSnakeCase } from '../../db/naming.ts';
import { checkReportQuery, ReportDefinitionError } from './query-check.ts';
import { controlTypes, currentUserParam, isSelect, type ReportDefinition } from './definition.ts';

// No leading or trailing underscore: the server's own bindings (search_text_) end in one.
const paramName = /^[A-Za-z](?:[A-Za-z0-9_]{0,61}[A-Za-z0-9])?$/;
const columnTypes = ['string', 'number', 'date', 'datetime', 'boolean'];
const totalKinds = ['sum', 'count', 'avg'];
const chartKinds = ['bar', 'line', 'pie'];
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Checks a whole definition: its shape, its parameters (a date range's two ends, a dependent select's parent), its
 * columns (each Name the wire form of the query's snake_case column), GroupBy and Chart, and every query by
 * checkReportQuery. Throws ReportDefinitionError naming `where` (the file) and what is wrong; the report builder calls it too.
 */
export async function checkReportDefinition(def: ReportDefinition, where: string): Promise<void> {
  const fail = (message: string): never => { throw new ReportDefinitionError(`${where}: ${message}`); };
  if (def === null || typeof def !== 'object') fail('the definition must be a JSON object.');
  for (const key of ['FileName', 'ReportDispName', 'Category', 'Query'] as const) if (!isText(def[key])) fail(`${key} is required.`);
  if (!/^[\w-]{1,200}$/.test(def.FileName)) fail('FileName may hold only letters, digits, "-" and "_".');
  if (!Array.isArray(def.Parameters) || !Array.isArray(def.Columns) || !def.Columns.length) fail('Parameters and Columns must be lists (Columns not empty).');
  if (def.ReadsAllOf !== undefined && (!Array.isArray(def.ReadsAllOf) || !def.ReadsAllOf.every(isText))) fail('ReadsAllOf must be a list of module names.');
  const params = def.Parameters.map((p) => p.Param);
  const groups = new Map<string, number>();
  for (const [i, p] of def.Parameters.entries()) {
    const at = `Parameters[${i}]`;
    if (!isText(p.Param) || !paramName.test(p.Param) || p.Param === currentUserParam) fail(`${at}.Param must be a name of letters, digits and "_" (not ${currentUserParam}).`);
    if (params.indexOf(p.Param) !== i) fail(`${at}.Param ${p.Param} is declared twice.`);
    if (!isText(p.Title)) fail(`${at}.Title is required.`);
    if (!Object.values(controlTypes).includes(p.ControlType)) fail(`${at}.ControlType must be 0 to 6.`);
    if (p.ControlType === controlTypes.dateRange) {
      if (!isText(p.Parent)) fail(`${at} is a date range end: Parent must name its range (the key both ends share).`);
      groups.set(p.Parent!, (groups.get(p.Parent!) ?? 0) + 1);
    }
    if (isSelect(p)) {
      const options = p.Options as { Query?: unknown; Items?: unknown } | undefined;
      if (!options || (!isText(options.Query) && !Array.isArray(options.Items))) fail(`${at} is a select: Options needs a Query or Items.`);
      if (p.Parent !== undefined) {
        const parent = def.Parameters.find((q) => q.Param === p.Parent);
        if (!parent || !isSelect(parent) || parent === p) fail(`${at}.Parent ${p.Parent} is not another select of this report.`);
      }
      if (options && isText(options.Query)) {
        await checkReportQuery(options.Query, `${where} ${at}.Options.Query`, [currentUserParam, ...(p.Parent ? [p.Parent] : [])], p.Parent ? [p.Parent] : []);
      }
    }
    if (p.IsAllAllowed && !isSelect(p)) fail(`${at}: only a select may allow All.`);
    if (p.IsAllAllowed && !isText(p.AllOptionValue)) fail(`${at}: AllOptionValue is required when All is allowed.`);
  }
  for (const [key, count] of groups) if (count !== 2) fail(`the date range ${key} must have exactly two ends, not ${count}.`);
  const columns = def.Columns.map((c) => c.Name);
  for (const [i, c] of def.Columns.entries()) {
    const at = `Columns[${i}]`;
    if (!isText(c.Name) || !/^[A-Z][A-Za-z0-9]*$/.test(c.Name) || toPascalCase(toSnakeCase(c.Name)) !== c.Name) {
      fail(`${at}.Name must be PascalCase (the query's column is its snake_case form, e.g. UserCount for user_count).`);
    }
    if (columns.indexOf(c.Name) !== i) fail(`${at}.Name ${c.Name} is declared twice.`);
    if (!isText(c.Title)) fail(`${at}.Title is required.`);
    if (!columnTypes.includes(c.Type)) fail(`${at}.Type must be one of ${columnTypes.join(', ')}.`);
    if (c.Total !== undefined && !totalKinds.includes(c.Total)) fail(`${at}.Total must be one of ${totalKinds.join(', ')}.`);
    if (c.Total && c.Total !== 'count' && c.Type !== 'number') fail(`${at}: a ${c.Total} total needs a number column.`);
  }
  if (def.GroupBy !== undefined && !columns.includes(def.GroupBy)) fail(`GroupBy ${def.GroupBy} is not one of the Columns.`);
  if (def.Chart !== undefined) {
    const chart = def.Chart;
    if (!chartKinds.includes(chart.Kind)) fail(`Chart.Kind must be one of ${chartKinds.join(', ')}.`);
    if (!columns.includes(chart.Label)) fail(`Chart.Label ${chart.Label} is not one of the Columns.`);
    if (!Array.isArray(chart.Values) || !chart.Values.length) fail('Chart.Values must name at least one column.');
    for (const v of chart.Values) if (def.Columns.find((c) => c.Name === v)?.Type !== 'number') fail(`Chart.Values ${v} is not a number column.`);
  }
  await checkReportQuery(def.Query, `${where} Query`, [currentUserParam, ...params], params);
}

export { ReportDefinitionError };
