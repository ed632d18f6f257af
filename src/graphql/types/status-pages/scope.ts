import type DataLoader from "dataloader";
import { domainContext } from "../../../app-context.js";
import type { DomainContext } from "../../../domain/shared/context.js";
import { publicReadCache } from "../../../domain/status-pages/public/read-cache.js";
import { domain, loader, requireCaller, type GraphQLContext } from "../../context.js";

/**
 * Who an object of a status page was loaded for. Reached from `publicStatusPage` (no key
 * needed), a page, its cards, services, incidents and updates answer for that page and its
 * account; reached any other way, for the caller's account. The scope travels with the objects
 * (a symbol property of the request's own rows, so the shared row types stay as they are) and is
 * never taken from the caller.
 */
export type PublicScope = { accountId: string; statusPageId: string };

const SCOPE = Symbol("public scope");
type Scoped = { [SCOPE]?: PublicScope };

export function markPublic<T extends object>(value: T, scope: PublicScope): T {
  (value as Scoped)[SCOPE] = scope;
  return value;
}

export function publicScopeOf(value: object): PublicScope | undefined {
  return (value as Scoped)[SCOPE];
}

/**
 * The request's dataloader `name` for the fields of `parent`: the caller's account (which needs a
 * key), or, for an object of a public page, a loader of that page alone, whose DomainContext is
 * built from the page's own account. The two never share a loader, so a visitor's objects (which
 * may be filtered for visitors) never mix with the caller's. What it loads keeps the scope.
 */
export function scopedLoader<K, V>(
  ctx: GraphQLContext,
  parent: object,
  name: string,
  batch: (domainCtx: DomainContext, keys: readonly K[]) => Promise<(V | Error)[]>,
  objectsOf: (value: V) => readonly object[],
): DataLoader<K, V> {
  const scope = publicScopeOf(parent);
  const domainCtx = scope ? domainContext(ctx.app, scope.accountId) : domain(ctx);
  const key = scope ? `public:${scope.statusPageId}:${name}` : name;
  // A public page's reads are the same for every visitor: answered from the page's read cache.
  const cache = scope ? publicReadCache(ctx.app.events) : null;
  return loader<K, V | Error>(ctx, key, async (keys) => {
    const values =
      cache && scope
        ? await cache.many(scope, name, keys, (missing) => batch(domainCtx, missing))
        : await batch(domainCtx, keys);
    if (scope)
      for (const value of values)
        if (!(value instanceof Error)) for (const object of objectsOf(value)) markPublic(object, scope);
    return values;
  }) as DataLoader<K, V>; // an Error in the batch's answer rejects that key's load: loads only yield V
}

/**
 * Whether the caller may read an owner's field of `page` (docs/decisions.md: a type a visitor
 * reads keeps the owner's fields nullable). A visitor without a key gets UNAUTHENTICATED on that
 * field alone, the rest of the page answered; a key of another account reading a public page,
 * false (the field is null, as its keys are none of that account's).
 */
export function readsAsOwner(ctx: GraphQLContext, page: object): boolean {
  const caller = requireCaller(ctx);
  const scope = publicScopeOf(page);
  return !scope || scope.accountId === caller.accountId;
}
