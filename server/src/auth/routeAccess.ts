import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Permission } from '../../../contract/staff';

/**
 * Which permission each route needs, read off its guard: a staff route names its permission
 * once, in `preValidation: guards.allow('…')`, and the list of every registered route (for the
 * table-driven test of every staff route) is read from there, not kept by hand beside it.
 */

const PERMISSION = Symbol('permission');

type Hook = (...args: never[]) => unknown;

/** Marks a guard hook with the permission it enforces. */
export function guardFor<H extends Hook>(permission: Permission, hook: H): H {
  return Object.assign(hook, { [PERMISSION]: permission });
}

/** The permission a route's preValidation hooks enforce, or null for a route that needs none. */
export function permissionOf(preValidation: RouteOptions['preValidation']): Permission | null {
  const hooks = [preValidation ?? []].flat() as Array<Hook & { [PERMISSION]?: Permission }>;
  for (const hook of hooks) {
    const permission = hook[PERMISSION];
    if (permission) return permission;
  }
  return null;
}

export interface RouteAccess {
  method: string;
  url: string;
  /** The permission its guard enforces; null when it has none (public or any signed-in person). */
  permission: Permission | null;
}

const routeLists = new WeakMap<FastifyInstance, RouteAccess[]>();

/** Starts listing the routes registered on `app` from now on, with their permissions. */
export function listRoutes(app: FastifyInstance): void {
  const list: RouteAccess[] = [];
  routeLists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      list.push({ method, url: route.url, permission: permissionOf(route.preValidation) });
    }
  });
}

/** Every route registered on `app` since `listRoutes`, with its permission. */
export function routesOf(app: FastifyInstance): readonly RouteAccess[] {
  const list = routeLists.get(app);
  if (!list) throw new Error('listRoutes was not called on this app');
  return list;
}
