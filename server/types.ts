import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { MetadataRegistry } from './metadata/registry.ts';
import type { CheckFieldFiles } from './modules/files/field-files.ts';

/**
 * What a route needs: 'public' (anyone), 'session' (any signed-in user) or a module.
 * Every /api route must say; a route that does not is a start-up error.
 */
export type Access = 'public' | 'session' | {
  module: string;
  /** The access page whose granted actions the route answers with (a list's CircleAccess): read with the session. */
  pageId?: number;
};

/** The signed-in user behind a request, read from the session row on every request. */
export interface Principal {
  SessionId: string;
  InstanceId: string;
  UserId: number;
  UserName: string;
  IsMaster: boolean;
  /** The actions of the route's access page the user is granted, when the route names a page. */
  PageGrants?: { pageId: number; actionIds: number[] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
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
