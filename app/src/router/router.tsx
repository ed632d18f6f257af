import {
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";

/**
 * A history router of a page: the app has a handful of routes, and react-router would add about
 * 20 KB gzipped to the first route for matching we do in a few lines. Routes are matched by
 * patterns like "/checks/:id"; the query string holds a screen's filters.
 */
export type Place = { path: string; search: URLSearchParams };

const listeners = new Set<() => void>();
const read = (): Place => ({ path: location.pathname, search: new URLSearchParams(location.search) });

export function navigate(to: string, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  for (const listener of listeners) listener();
  if (!replace) window.scrollTo(0, 0);
}

const PlaceContext = createContext<Place>({ path: "/", search: new URLSearchParams() });

export function RouterProvider({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(read);
  useEffect(() => {
    // A transition: the screen on show stays (and keeps focus) while the next one's data loads.
    const update = () => startTransition(() => setPlace(read()));
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>;
}

export const usePlace = () => useContext(PlaceContext);

/** The parameters of `pattern` in `path` ("/checks/:id" against "/checks/abc" gives {id: "abc"}), or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.replace(/\/$/, "").split("/");
  if (want.length !== got.length && !(pattern === "/" && path === "/")) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? "";
    if (part.startsWith(":")) {
      if (!value) return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) return null;
  }
  return params;
}

/** A link that navigates in place; modified clicks (new tab) keep the browser's behaviour. */
export function Link({ to, children, ...rest }: { to: string; children: ReactNode } & Record<string, unknown>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** Replaces some query parameters of the current URL (a filter change), keeping the others. */
export function setSearch(changes: Record<string, string | null>) {
  const search = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") search.delete(key);
    else search.set(key, value);
  }
  const query = search.toString();
  navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true });
}
