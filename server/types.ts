import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { MetadataRegistry } from './metadata/registry.ts';
import type { CheckFieldFiles } from './modules/files/field-files.ts';

/**
 * What a route needs: 'public' (anyone), 'session' (any signed-in user) or a module.
 * Every /api route must say; a route that does not is a start-up error.
 */
export type Access = 'public' | 'session' | ModuleAccess | ResolvedAccess;

/**
 * Access decided per request, from its path (a built form's records: the module is the form's). Called
 * after routing and before the session check; an unknown target answers the module's refusal.
 */
export interface ResolvedAccess {
  resolve(request: import('fastify').FastifyRequest): ModuleAccess;
  /** How the OpenAPI document describes it. */
  describe: string;
}

export interface ModuleAccess {
  module: string;
  /** The access page whose granted actions the route answers with (a list's CircleAccess): read with the session. */
  pageId?: number;
  /** The route node the route needs beyond the module ('users.create'): the module-button access. */
  route?: string;
};

/** What the route's module gives the signed-in user, read with the session: the row rule and the field mask. */
export interface PrincipalAccess {
  module: string;
  /** False: lists, reads and writes reach only the user's own records (a module that allows View All Records). */
  viewAllRecords: boolean;
  /** Field nodes of the module the user does not hold: absent from every answer, refused in every write. */
  deniedFields: string[];
  /** Field nodes the user holds read-only: shown, but a write that changes them is refused. */
  readOnlyFields: string[];
}

/** The signed-in user behind a request, read from the session row on every request. */
export interface Principal {
  SessionId: string;
  InstanceId: string;
  UserId: number;
  UserName: string;
  IsMaster: boolean;
  /** The actions of the route's access page the user is granted, when the route names a page. */
  PageGrants?: { pageId: number; actionIds: number[] };
  /** Set on routes that name a module. */
  Access?: PrincipalAccess;
  /** While an administrator views the product as this user (x-view-as): the administrator's user name. */
  ViewedBy?: string;
}

/**
 * Who writes a public form's record (issue 32): a visitor, with no session and no user. The record and its audit name
 * no user (their user ids stay empty); UserName is what they are written as. Only a public form's create runs as one.
 */
export interface VisitorPrincipal {
  Visitor: true;
  UserId: null;
  UserName: string;
  IsMaster: false;
  /** The form's module, with every field not offered denied, and no View All Records. */
  Access: PrincipalAccess;
}

/** Whoever a record handler writes as: the signed-in user, or a public form's visitor. */
export type RecordWriter = Principal | VisitorPrincipal;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a session whose user must change the password (reading the user, the session, signing out). */
    whilePasswordMustChange?: boolean;
    /** A 'session' route that answers as the user an administrator views as (x-view-as), as module routes do. */
    followsViewAs?: boolean;
    /** A POST that only reads (a print): allowed while viewing as another user, under that user's access. */
    onlyReads?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** Set only by a public form's create (modules/public-forms): the record handlers write as the visitor. */
    visitor?: VisitorPrincipal;
  }
  interface FastifyInstance {
    db: Knex;
    config: Config;
    registry: MetadataRegistry;
    /** The per-field limits of the files a write names (modules/files/field-files.ts). */
    checkFieldFiles: CheckFieldFiles;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sid: string };
    user: { sid: string; iat: number; exp: number };
  }
}
