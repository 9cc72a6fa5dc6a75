import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import type { ChangeAccess } from './record-lock.ts';
import type { ParentRowRule } from './record-access.ts';

/** The contracts of the generic CRUD (crud-handlers.ts): what a screen declares, and the handlers it gets. */

export interface UniqueRule {
  field: string;
  /**
   * The message, e.g. the spec's 'An account with this User Name already exists in the system!'; `{value}`
   * in it is replaced by the value sent ('A record with the name {value} already exists.').
   */
  message: string;
  caseInsensitive?: boolean;
}

export type CrudAction = 'update' | 'deactivate' | 'delete';
export type Row = Record<string, unknown>;

export interface CrudHooks {
  /** Refuses this change to the record (e.g. to a master user), with the message to show. */
  refuseChange?(existing: Row, action: CrudAction): string | null;
  /** Refuses deleting the record for what the database holds (a form that still has records), with the message to show. */
  refuseDelete?(trx: Knex, existing: Row): Promise<string | null>;
  /** Turns validated form values into columns (e.g. a password into its hash); values that are no column are left out here. */
  toColumns?(values: Row, mode: 'create' | 'update', existing: Row | undefined, trx: Knex): Promise<Row> | Row;
  /**
   * Writes what belongs to the record beyond its row (a user's roles), in the save's transaction; may refuse with
   * an HttpError. `existing` is the row as it was before an update.
   */
  afterWrite?(trx: Knex, saved: Row, values: Row, mode: 'create' | 'update', request: FastifyRequest, existing?: Row): Promise<void>;
  /** Removes what belongs to the record beyond its row, in the delete's transaction (a form's record table). */
  afterDelete?(trx: Knex, deleted: Row, request: FastifyRequest): Promise<void>;
  /** Adds what belongs to the record beyond its row to the answer of a read or a save. */
  load?(db: Knex, row: Row): Promise<Row>;
  /** Runs in the transaction that deactivates the record (or saves it inactive), e.g. ending a user's sessions. */
  afterDeactivate?(trx: Knex, saved: Row): Promise<void>;
}

export interface CrudOptions {
  screen: ScreenDocument;
  entity: JsonSchema;
  table: string;
  unique?: UniqueRule[];
  hooks?: CrudHooks;
  /**
   * The column holding the user who created a record (e.g. CreatedById). With it, a user without 'View All
   * Records' on the screen's module reaches only their own records, by every route here.
   */
  ownerField?: string;
  /**
   * A child record's parent (a page's field): its row rule is the parent's instead (ownerField is then only stamped),
   * and a write naming a parent the user may not reach is refused with `gone`, as if it did not exist.
   */
  parent?: ParentRowRule;
  /**
   * Entity properties that are no column of the table (a role's Permissions): left out of the row read and
   * of the columns written; hooks.load adds them to answers and hooks.afterWrite writes them.
   */
  related?: string[];
  /**
   * Records owned by atomic circles (a circleable form's, issue 30): the column naming the circle. A user without
   * 'View All Records' also reaches the records of their circles; a new record belongs to its creator's owner circle;
   * a change must be granted on the record's circle (allowChange throws the refusal).
   */
  circles?: { field: string; allowChange(request: FastifyRequest, row: Row, action: CrudAction): Promise<void> };
}

export type IdRequest = FastifyRequest<{ Params: { id: number } }>;

/** The handlers of one screen's record routes; registerCrud mounts them, a built form's routes call them per form. */
export interface CrudHandlers {
  label: string;
  response: JsonSchema;
  /**
   * With ?lock=true, a read for update: takes the record's lock (record-lock.ts), for one who holds one of `rights` (the
   * update and delete routes' access of the route the record is reached by). Every read names the record's version.
   */
  read(request: IdRequest, reply: FastifyReply, rights: ChangeAccess[]): Promise<Row>;
  history(request: IdRequest): Promise<unknown>;
  create?(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** The write of create, answering the record as its creator may see it (a public form answers its visitor otherwise). */
  createRecord?(request: FastifyRequest): Promise<Row>;
  /** Update, deactivate and delete need the record's lock and the version it was read at (recordlockid, recordversion). */
  update(request: IdRequest, reply: FastifyReply): Promise<Row>;
  deactivate(request: IdRequest, reply: FastifyReply): Promise<Row>;
  remove(request: IdRequest, reply: FastifyReply): Promise<FastifyReply>;
}

