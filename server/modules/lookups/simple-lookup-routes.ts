import { recordListRevisions } from '../forms/definition-store.ts';
import { recordsUsingItem, itemInUseMessage } from './lookup-item-usage.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import item from '../../../metadata/entities/SimpleLookupItem.json' with { type: 'json' };
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { lowCodeApi, type SimpleLookupItem } from '../../../engine/core/lowcode/api.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bodyValidator } from '../../lib/crud/body-validator.ts';
import { checkedBody, documentedBody } from '../../lib/crud/form-body.ts';
import { lockOwnerOf, lockQuerySchema } from '../../lib/crud/record-lock.ts';
import { lockedByOthers, lockHolder, lockMessages } from '../locks/store.ts';
import { claimVersion, readVersioned, type VersionedRecord } from '../../lib/crud/versioned-record.ts';
import { composeFormSchema } from '../../../engine/core/forms/index.ts';
import { routeNodeName, type GuardedRouteKind } from '../access/permission-nodes.ts';
import {
  auditItem, checkUniqueName, itemColumns, itemOf, itemSchema, itemsOf, listOf, listOwnerField, orderFault, requireEditable, requirePositive,
} from './simple-lookup-store.ts';
import { withRowRule } from '../../lib/crud/record-access.ts';

type Row = Record<string, unknown>;

const optionList = {
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: ['Id', 'Name'], properties: { Id: { type: 'integer' }, Name: { type: 'string' } } },
} as const;
const tableParams = { type: 'object', required: ['tableId'], properties: { tableId: { type: 'integer' } } } as const;
const itemParams = { type: 'object', required: ['tableId', 'id'], properties: { tableId: { type: 'integer' }, id: { type: 'integer' } } } as const;
const reorderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ItemIds'],
  properties: { ItemIds: { type: 'array', items: { type: 'integer' }, maxItems: 10000, description: "Every item of the list, in its new order." } },
} as const;

interface TableParams { tableId: number }
interface ItemParams { tableId: number; id: number }

/**
 * Simple lookups (spec 2, module SimpleLookup): the Form and List selectors' choices, and a list's items: read,
 * create, update, delete and reorder. Writes to a list's items hold its row locked (listOf forWrite), so two
 * saves to one list cannot both put an item last or both pass the name check.
 */
export default async function simpleLookupRoutes(app: FastifyInstance) {
  const screen = app.registry.screen('simplelookups');
  const form = screen.form!;
  const entity = item as JsonSchema;
  const access = { module: 'SimpleLookup' };
  // Writes need their route node too (module-button access), as registerCrud's do.
  const routeAccess = (kind: GuardedRouteKind) => ({ ...access, route: routeNodeName(screen.id, kind) });
  const checkCreate = bodyValidator(entity, form, 'create');
  const checkUpdate = bodyValidator(entity, form, 'update');
  const who = (request: FastifyRequest) => request.principal!.UserName;
  const tags = ['simplelookups'];
  // An item is read for update and written under its lock and version, as a screen's records are.
  const locked: VersionedRecord = {
    domain: screen.id, table: 'simple_lookup_items', idField: 'SimpleLookupItemId', label: form.entityLabel ?? 'Lookup Item',
    rights: [routeAccess('update'), routeAccess('delete')],
  };

  app.get(lowCodeApi.simpleLookupForms, {
    config: { access },
    schema: { tags, summary: "The Form selector's choices: 'All lists' (Id 0) first, then the active forms by name.", response: { 200: optionList } },
  }, async () => [
    { Id: 0, Name: 'All lists' },
    ...(await app.db('forms').where('IsActive', true).orderBy([{ column: 'Name' }, { column: 'FormId' }]).select({ Id: 'FormId', Name: 'Name' })),
  ]);

  app.get<{ Params: { formId: number } }>(lowCodeApi.simpleLookupLists, {
    config: { access },
    schema: {
      tags,
      summary: "The List selector's choices for a form: the lists shown with it (their Form) and those its fields offer; formId 0: every list. Inactive lists are named so.",
      params: { type: 'object', required: ['formId'], properties: { formId: { type: 'integer' } } },
      response: { 200: optionList },
    },
  }, async (request) => {
    const { formId } = request.params;
    if (formId < 0) throw HttpError.of(400, 'No id was provided.', 'FormId', 'NoId');
    const q = withRowRule(app.db('simple_lookup_tables as t'), `t.${listOwnerField}`, request.principal).orderBy([{ column: 't.DisplayName' }, { column: 't.SimpleLookupTableId' }])
      .select({ Id: 't.SimpleLookupTableId', Name: 't.DisplayName', IsActive: 't.IsActive' });
    if (formId > 0) {
      const offered = app.db('form_fields as ff').where('ff.FormId', formId).whereRaw("??->>'lookupListId' = ??::text", ['ff.AttributeValues', 't.SimpleLookupTableId']);
      q.where((w) => w.where('t.FormId', formId).orWhereExists(offered));
    }
    const lists: Array<{ Id: number; Name: string; IsActive: boolean }> = await q;
    return lists.map((l) => ({ Id: l.Id, Name: l.IsActive ? l.Name : `${l.Name} (inactive)` }));
  });

  app.get<{ Params: TableParams }>(lowCodeApi.simpleLookupItems, {
    config: { access },
    schema: { tags, summary: "A list's items in order (SortOrder, then the order they were added), active and inactive.", params: tableParams, response: { 200: { type: 'array', items: itemSchema } } },
  }, async (request) => {
    await listOf(app.db, request.params.tableId, false, request.principal);
    return itemsOf(app.db, request.params.tableId);
  });

  app.post<{ Params: TableParams }>(lowCodeApi.simpleLookupItems, {
    config: { access: routeAccess('create') },
    schema: { tags, summary: 'Add an item to a list; it goes last.', params: tableParams, body: documentedBody(composeFormSchema(entity, form.fields.create!, 'create')), response: { 201: itemSchema } },
  }, async (request, reply) => {
    const { tableId } = request.params;
    requirePositive(tableId, 'TableId');
    const { values } = checkedBody(checkCreate, entity, request.body);
    const created = await app.db.transaction(async (trx) => {
      const list = await listOf(trx, tableId, true, request.principal);
      requireEditable(list);
      await checkUniqueName(trx, tableId, String(values.Name));
      // Wire names here too: knex hands the row back PascalCased.
      const { Last: last } = (await trx('simple_lookup_items').where('TableId', tableId).max({ Last: 'SortOrder' }).first()) as { Last: number | null };
      const [row] = await trx('simple_lookup_items')
        .insert({ ...values, TableId: tableId, SortOrder: (last ?? 0) + 1, CreatedBy: who(request), CreatedById: request.principal!.UserId })
        .returning(Object.values(itemColumns));
      const saved = wire(row);
      await auditItem(trx, request, 'create', saved.Id, null, saved);
      await recordListRevisions(trx, tableId, request.principal, `Added the item ${saved.Name} to the lookup list ${list.DisplayName}`);
      return saved;
    });
    return reply.status(201).send(created);
  });

  app.post<{ Params: TableParams; Body: { ItemIds: number[] } }>(lowCodeApi.simpleLookupReorder, {
    config: { access: routeAccess('update') },
    schema: { tags, summary: "A list's new order: ItemIds names every item of the list exactly once, first to last. Answers the items in that order.", params: tableParams, body: reorderBody, response: { 200: { type: 'array', items: itemSchema } } },
  }, async (request) => {
    const { tableId } = request.params;
    return app.db.transaction(async (trx) => {
      const list = await listOf(trx, tableId, true, request.principal);
      requireEditable(list);
      const before = await itemsOf(trx, tableId);
      const fault = orderFault(request.body.ItemIds, before.map((i) => i.Id));
      if (fault) throw HttpError.of(400, fault, 'ItemIds', 'InvalidOrder');
      const was = new Map(before.map((i) => [i.Id, i]));
      // A moved item gets a new version; one that someone is editing would make their save fail: they keep it.
      const moved = request.body.ItemIds.filter((id, index) => was.get(id)!.SortOrder !== index + 1);
      const [held] = await lockedByOthers(trx, screen.id, moved, lockOwnerOf(request), app.config.sessionIdleSeconds);
      const holder = held === undefined ? undefined : await lockHolder(trx, screen.id, held);
      if (holder) throw HttpError.of(409, lockMessages.reorderHeld(was.get(held)!.Name, holder.FullName, holder.Expire), 'ItemIds', 'Locked');
      for (const [index, id] of request.body.ItemIds.entries()) {
        const old = was.get(id)!;
        if (old.SortOrder === index + 1) continue;
        // A new place is a change: a form opened on the item before it can no longer save its old place over it.
        await trx('simple_lookup_items').where('SimpleLookupItemId', id)
          .update({ SortOrder: index + 1, ModifiedBy: who(request), ModifiedDate: trx.fn.now(), RowVersion: trx.raw('?? + 1', ['RowVersion']) });
        await auditItem(trx, request, 'update', id, old, { ...old, SortOrder: index + 1 });
      }
      await recordListRevisions(trx, tableId, request.principal, `Reordered the items of the lookup list ${list.DisplayName}`);
      return itemsOf(trx, tableId);
    });
  });

  app.get<{ Params: ItemParams }>(lowCodeApi.simpleLookupItem, {
    config: { access },
    schema: { tags, summary: 'One item of a list; with lock=true, for update: takes its lock (see the recordlock* response headers).', params: itemParams, querystring: lockQuerySchema, response: { 200: itemSchema } },
  }, async (request, reply) => {
    const { tableId, id } = request.params;
    await listOf(app.db, tableId, false, request.principal);
    // The item must be the list's before its lock is taken.
    await itemOf(app.db, tableId, id);
    return readVersioned(app, request, reply, locked, id, () => itemOf(app.db, tableId, id));
  });

  app.post<{ Params: ItemParams }>(lowCodeApi.simpleLookupItem, {
    config: { access: routeAccess('update') },
    schema: {
      tags, summary: "Update an item (its name, description, active state and place); needs its lock and the version read (recordlockid, recordversion).",
      params: itemParams, body: documentedBody(composeFormSchema(entity, form.fields.update, 'update')), response: { 200: itemSchema },
    },
  }, async (request, reply) => {
    const { tableId, id } = request.params;
    requirePositive(tableId, 'TableId');
    requirePositive(id, 'Id');
    const { values } = checkedBody(checkUpdate, entity, request.body);
    return app.db.transaction(async (trx) => {
      const list = await listOf(trx, tableId, true, request.principal);
      requireEditable(list);
      const before = await itemOf(trx, tableId, id);
      await claimVersion(trx, request, reply, locked, id);
      await checkUniqueName(trx, tableId, String(values.Name), id);
      const deactivated = values.IsActive === false && before.IsActive;
      const reactivated = values.IsActive === true && !before.IsActive;
      const [row] = await trx('simple_lookup_items').where('SimpleLookupItemId', id)
        .update({
          ...values, ModifiedBy: who(request), ModifiedDate: trx.fn.now(),
          ...(deactivated ? { DeactivatedBy: who(request), DeactivatedDate: trx.fn.now() } : {}),
          ...(reactivated ? { DeactivatedBy: null, DeactivatedDate: null } : {}),
        })
        .returning(Object.values(itemColumns));
      const saved = wire(row);
      await auditItem(trx, request, deactivated ? 'deactivate' : 'update', id, before, saved);
      await recordListRevisions(trx, tableId, request.principal, `Changed the item ${before.Name} of the lookup list ${list.DisplayName}`);
      return saved;
    });
  });

  app.delete<{ Params: ItemParams }>(lowCodeApi.simpleLookupItem, {
    config: { access: routeAccess('delete') },
    schema: { tags, summary: 'Delete an item of a list; needs its lock and the version read (recordlockid, recordversion).', params: itemParams, response: { 204: { type: 'null' } } },
  }, async (request, reply) => {
    const { tableId, id } = request.params;
    requirePositive(tableId, 'TableId');
    requirePositive(id, 'Id');
    await app.db.transaction(async (trx) => {
      const list = await listOf(trx, tableId, true, request.principal);
      requireEditable(list);
      const before = await itemOf(trx, tableId, id);
      await claimVersion(trx, request, reply, locked, id);
      const uses = await recordsUsingItem(trx, tableId, id);
      if (uses.length) throw HttpError.of(409, itemInUseMessage(before.Name, uses), null, 'InUse');
      await trx('simple_lookup_items').where('SimpleLookupItemId', id).delete();
      await auditItem(trx, request, 'delete', id, before, null);
      await recordListRevisions(trx, tableId, request.principal, `Deleted the item ${before.Name} of the lookup list ${list.DisplayName}`);
    });
    return reply.status(204).send();
  });
}

/** A written row (its columns as knex names them) as the contract's item. */
function wire(row: Row): SimpleLookupItem {
  return {
    Id: row.SimpleLookupItemId as number, TableId: row.TableId as number, Name: row.Name as string,
    Description: (row.Description as string | null) ?? null, SortOrder: row.SortOrder as number, IsActive: row.IsActive as boolean,
  };
}
