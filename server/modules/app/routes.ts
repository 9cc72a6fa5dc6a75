import type { FastifyInstance } from 'fastify';
import routeEntry from '../../../metadata/entities/RouteEntry.json' with { type: 'json' };
import { modulesOf, hasModuleAccess } from '../access/module-access.ts';
import { heldRouteNames } from '../access/effective-access.ts';
import { everyRoute, routeTableFor } from './route-table.ts';
import { allScreens } from '../forms/screens.ts';
import { matchPath } from '../menus/match-path.ts';

export default async function appRoutes(app: FastifyInstance) {
  app.get('/api/App/PublicSettings', {
    config: { access: 'public' },
    schema: {
      tags: ['app'],
      summary: 'What every page may show before sign-in: the help link of the external support site.',
      response: { 200: { type: 'object', required: ['HelpUrl'], properties: { HelpUrl: { type: 'string' } } } },
    },
  }, async () => ({ HelpUrl: app.config.helpUrl }));

  app.get('/api/App/ClientLogo', {
    config: { access: 'public' },
    schema: {
      tags: ['app'],
      summary: "The client logo for the sign-in page (spec 1 'GET client logo'): the newest uploaded logo, or nulls when there is none (the page then shows its default image).",
      response: { 200: { type: 'object', properties: { FileName: { type: ['string', 'null'] }, UserFileName: { type: ['string', 'null'] } } } },
    },
  }, async () => {
    const logo = await app.db('files').where({ Kind: 'clientlogo', IsActive: true }).orderBy('FileId', 'desc').first('FileName', 'UserFileName');
    return { FileName: logo?.FileName ?? null, UserFileName: logo?.UserFileName ?? null };
  });

  app.get('/api/App/GetRoutes', {
    config: { access: 'session', whilePasswordMustChange: true },
    schema: {
      tags: ['app'],
      summary: 'The named routes the signed-in user may open: none while the user must change the password.',
      response: { 200: { type: 'array', items: routeEntry } },
    },
  }, async (request) => {
    const user = request.principal!;
    const locked = await app.db('users').where({ UserId: user.UserId }).first('MustChangePassword');
    if (locked?.MustChangePassword) return [];
    const [modules, routes] = await Promise.all([modulesOf(app.db, user), heldRouteNames(app.db, user)]);
    return routeTableFor(await allScreens(app), modules, routes);
  });

  app.get<{ Querystring: { path: string } }>('/api/App/RouteAccess', {
    config: { access: 'session' },
    schema: {
      tags: ['app'],
      summary: "Whether a path the user's route table lacks is a route of the product at all: so that the browser says 'You don't have permission to this page.' for a page the user may not open, and 'not found' only for what does not exist.",
      querystring: { type: 'object', required: ['path'], properties: { path: { type: 'string', maxLength: 2000 } } },
      response: { 200: { type: 'object', required: ['Exists', 'HasAccess'], properties: { Exists: { type: 'boolean' }, HasAccess: { type: 'boolean' } } } },
    },
  }, async (request) => {
    const user = request.principal!;
    const screens = await allScreens(app);
    const path = request.query.path.split(/[?#]/)[0];
    // Every route of the product, the shell's own (/session/list, /recordlock/list, ...) as well as the screens'.
    const Exists = everyRoute(screens).some((r) => matchPath(r.Url, path));
    if (!Exists) return { Exists, HasAccess: false };
    const [modules, routes] = await Promise.all([modulesOf(app.db, user), heldRouteNames(app.db, user)]);
    return { Exists, HasAccess: routeTableFor(screens, modules, routes).some((r) => matchPath(r.Url, path)) };
  });

  app.get<{ Querystring: { moduleName: string } }>('/api/Authorize/ModuleAccess', {
    config: { access: 'session' },
    schema: {
      tags: ['access'],
      summary: 'Whether the signed-in user holds the module.',
      querystring: { type: 'object', required: ['moduleName'], properties: { moduleName: { type: 'string', maxLength: 100 } } },
      response: { 200: { type: 'boolean' } },
    },
  }, async (request) => hasModuleAccess(app.db, request.principal!, request.query.moduleName));
}
