// What a page route declares about the request before React Router runs it: the body limit in its
// module's `handle` (common/body-limits.ts). The entry needs it before any action reads the body,
// so it matches the request against the app's own route table, as React Router will.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { BodyLimit } from "#common/body-limits.ts";
import { pagePath } from "#server/lib/body-limit.ts";

// The route table of a build is fixed: its tree is made once per isolate.
const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

function treeOf(routes: ServerBuild["routes"]): RouteObject[] {
  const known = trees.get(routes);
  if (known) return known;
  const all = Object.values(routes).filter((route) => route !== undefined);
  const children = new Map<string, RouteObject[]>(all.map((route) => [route.id, []]));
  const roots: RouteObject[] = [];
  for (const route of all) {
    const node: RouteObject = route.index
      ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children.get(route.id) };
    const siblings = route.parentId ? children.get(route.parentId) : undefined;
    (siblings ?? roots).push(node);
  }
  trees.set(routes, roots);
  return roots;
}

/** The body limit the deepest matched page route declares, or null (the default applies). */
export function pageBodyLimit(build: ServerBuild, pathname: string): BodyLimit | null {
  const matches = matchRoutes(treeOf(build.routes), pagePath(pathname)) ?? [];
  for (const match of [...matches].reverse()) {
    const handle = build.routes[match.route.id!]?.module.handle as { bodyLimit?: BodyLimit } | undefined;
    if (handle?.bodyLimit) return handle.bodyLimit;
  }
  return null;
}
