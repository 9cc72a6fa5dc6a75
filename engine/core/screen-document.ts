import type { ErrorObject } from 'ajv';
import screenSchema from '../../metadata/screen.schema.json' with { type: 'json' };
import type { ScreenDocument } from '../../metadata/types/ScreenDocument.ts';
import { createAjv } from './ajv.ts';
import { actionColumnFaults } from './grid/actions.ts';

export type { ScreenDocument };
export type ListDefinition = NonNullable<ScreenDocument['list']>;
export type ColumnDefinition = ListDefinition['columns'][number];

/**
 * What one record of a screen is called: the form's entity label, else the screen's title made singular. The list's add
 * link, the route titles and the route nodes all say it, so 'Add Incident Report' opens 'Create Incident Report'.
 */
export const recordNoun = (screen: ScreenDocument): string => screen.form?.entityLabel ?? screen.title.replace(/s$/, '');

export interface MetadataFault {
  /** JSON pointer to the fault inside the document ('' is the document itself). */
  pointer: string;
  message: string;
}

const validateAgainstMetaSchema = createAjv({ useDefaults: false }).compile(screenSchema);

function faultOf(error: ErrorObject): MetadataFault {
  const pointer = error.keyword === 'additionalProperties'
    ? `${error.instancePath}/${String(error.params.additionalProperty)}`
    : error.instancePath;
  const detail = error.keyword === 'additionalProperties' ? 'is not allowed' : error.message ?? 'is invalid';
  return { pointer, message: detail };
}

/** Checks beyond the meta-schema: references between parts of one document. */
function crossReferenceFaults(doc: ScreenDocument): MetadataFault[] {
  const faults: MetadataFault[] = [];
  const columns = doc.list?.columns ?? [];
  const fields = new Set(columns.map((c) => c.field));
  columns.forEach((column, i) => {
    if (columns.findIndex((c) => c.field === column.field) !== i) {
      faults.push({ pointer: `/list/columns/${i}/field`, message: `duplicate column ${column.field}` });
    }
  });
  doc.list?.defaultSort?.forEach((sort, i) => {
    const column = columns.find((c) => c.field === sort.field);
    if (!column?.sortable) {
      faults.push({ pointer: `/list/defaultSort/${i}/field`, message: `${sort.field} is not a sortable column` });
    }
  });
  const { pageSizes, defaultPageSize } = doc.list ?? {};
  if (pageSizes && defaultPageSize !== undefined && !pageSizes.includes(defaultPageSize)) {
    faults.push({ pointer: '/list/defaultPageSize', message: `must be one of pageSizes (${pageSizes.join(', ')})` });
  }
  const rowClick = doc.list?.rowClick;
  if ((rowClick === 'update' || rowClick === 'read') && !doc.routes[rowClick]) {
    faults.push({ pointer: '/list/rowClick', message: `opens the ${rowClick} route, which /routes does not declare` });
  }
  if (doc.list && !doc.routes.list) faults.push({ pointer: '/routes', message: 'needs a list route for the list' });
  if (doc.list) faults.push(...actionColumnFaults(doc.list));
  const createFields: string[] = doc.form?.fields.create ?? doc.form?.fields.update ?? [];
  for (const field of Object.keys(doc.form?.queryDefaults ?? {})) {
    if (!createFields.includes(field)) faults.push({ pointer: `/form/queryDefaults/${field}`, message: `${field} is not a field of the create form` });
  }
  faults.push(...singleRouteFaults(doc));
  if (fields.size === 0 && doc.list) faults.push({ pointer: '/list/columns', message: 'needs at least one column' });
  return faults;
}

/**
 * A single route reads GET {api} and saves POST {api}, which a list and the id routes use for the list and
 * for creating: it stands alone. It shows the form, unless a registered component takes its place.
 */
function singleRouteFaults(doc: ScreenDocument): MetadataFault[] {
  if (!doc.routes.single) return [];
  const others = Object.keys(doc.routes).filter((kind) => kind !== 'single');
  if (others.length) return [{ pointer: '/routes/single', message: `cannot be combined with other routes (${others.join(', ')}): they share the API path` }];
  if (!doc.form && !doc.components?.single) return [{ pointer: '/routes/single', message: 'needs a form, or a component in /components/single' }];
  return [];
}

/** Every fault of a screen document, each with the JSON pointer of where it is. */
export function screenDocumentFaults(doc: unknown): MetadataFault[] {
  if (!validateAgainstMetaSchema(doc)) return (validateAgainstMetaSchema.errors ?? []).map(faultOf);
  return crossReferenceFaults(doc as unknown as ScreenDocument);
}
