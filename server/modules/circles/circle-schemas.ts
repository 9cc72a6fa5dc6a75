/** The JSON schemas of the circle calls (circles contract): bodies are checked by them, answers serialized by them. */

export const idRef = { type: 'object', required: ['Id'], properties: { Id: { type: 'integer', minimum: 1 } } } as const;
const idRefs = { type: 'array', items: idRef, maxItems: 10000 } as const;
const actionIds = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 10000 } as const;
export const named = { type: 'object', additionalProperties: false, required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } } as const;
const nullableNamed = { type: ['object', 'null'], additionalProperties: false, properties: named.properties } as const;
export const namedList = { type: 'array', items: named } as const;

const aggregateFields = {
  Name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  Description: { type: ['string', 'null'], maxLength: 1000 },
  IsActive: { type: 'boolean' },
  Role: idRefs,
  Permissions: actionIds,
  AtomicCircleHierarchy: idRefs,
  OwnerAtomicCircle: { type: ['object', 'null'], required: ['Id'], properties: idRef.properties },
  Users: idRefs,
  RowVersion: { type: 'integer', minimum: 1, description: 'The version read: when sent, a save of an aggregate changed since is refused (409).' },
} as const;

export const aggregateCreateBody = { type: 'object', required: ['Name'], properties: aggregateFields } as const;
export const aggregateUpdateBody = {
  type: 'object', properties: aggregateFields,
  description: 'Role, Permissions, AtomicCircleHierarchy, Users, Name, Description, IsActive or OwnerAtomicCircle left out are left as they are.',
} as const;

export const aggregateAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'Description', 'IsActive', 'Role', 'Permissions', 'AtomicCircleHierarchy', 'OwnerAtomicCircle', 'Users', 'RowVersion'],
  properties: {
    Id: { type: 'integer' }, Name: { type: 'string' }, Description: { type: ['string', 'null'] }, IsActive: { type: 'boolean' },
    Role: namedList, Permissions: { type: 'array', items: { type: 'integer' } }, AtomicCircleHierarchy: namedList,
    OwnerAtomicCircle: nullableNamed, Users: namedList, RowVersion: { type: 'integer' },
  },
} as const;

export const atomicRoleBody = {
  type: 'object',
  properties: {
    Role: idRefs,
    Permissions: actionIds,
    OwnerAtomicCircle: { type: ['object', 'null'], required: ['Id'], properties: idRef.properties },
    HasOwnRoles: { type: 'boolean', description: 'false: the own roles and permissions are dropped and the aggregate\'s are inherited again (Role and Permissions are then ignored).' },
    RowVersion: { type: 'integer', minimum: 1 },
  },
} as const;

export const atomicAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name', 'HasOwnRoles', 'Role', 'Permissions', 'AggregateCircleId', 'AggregateCircleName', 'OwnerAtomicCircle', 'IsActive'],
  properties: {
    Id: { type: 'integer' }, Name: { type: 'string' }, Description: { type: ['string', 'null'] }, HasOwnRoles: { type: 'boolean' },
    Role: namedList, Permissions: { type: 'array', items: { type: 'integer' } },
    AggregateCircleId: { type: ['integer', 'null'] }, AggregateCircleName: { type: ['string', 'null'] },
    OwnerAtomicCircle: nullableNamed, IsActive: { type: 'boolean' }, RowVersion: { type: 'integer' },
  },
} as const;

const combinedAction = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ActionId: { type: 'integer' }, Name: { type: 'string' }, ParentActionId: { type: ['integer', 'null'] },
    Checked: { type: 'boolean' }, Locked: { type: 'boolean' }, GrantedBy: { type: 'array', items: { type: 'string' } },
  },
} as const;
export const combinedAnswer = {
  type: 'array',
  items: { type: 'object', additionalProperties: false, properties: { FormId: { type: 'integer' }, Name: { type: 'string' }, Actions: { type: 'array', items: combinedAction } } },
} as const;

export const formActionsAnswer = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    properties: { FormId: { type: 'integer' }, ActionId: { type: 'integer' }, Name: { type: 'string' }, ParentActionId: { type: ['integer', 'null'] }, RouteKind: { type: 'string' } },
  },
} as const;

/** A query's comma-separated ids ('1,2,3'); empty for none. */
export const idListQuery = { type: 'string', pattern: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$', maxLength: 20000 } as const;
export const parseIds = (text: string | undefined): number[] => [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(Number))];
export const idQuery = (name: string, required = true) => ({
  type: 'object', additionalProperties: false, ...(required ? { required: [name] } : {}), properties: { [name]: { type: 'integer', minimum: 0 } },
});
