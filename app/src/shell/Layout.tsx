import type { ReactNode } from "react";
import { live, useLive } from "../relay/live";
import { Link, usePlace } from "../router/router";
import { type Theme, useTheme } from "../ui/theme";
import { SignOutButton } from "./SignOut";

const NAV = [
  { to: "/", label: "Overview", active: (path: string) => path === "/" },
  { to: "/checks", label: "Checks", active: (path: string) => path.startsWith("/checks") && path !== "/checks/new" },
  { to: "/checks/new", label: "New check", active: (path: string) => path === "/checks/new" },
  { to: "/incidents", label: "Incidents", active: (path: string) => path.startsWith("/incidents") },
  { to: "/maintenance", label: "Maintenance", active: (path: string) => path.startsWith("/maintenance") },
  { to: "/check-groups", label: "Groups", active: (path: string) => path.startsWith("/check-groups") },
  { to: "/status-pages", label: "Status pages", active: (path: string) => path.startsWith("/status-pages") },
  { to: "/alert-channels", label: "Alerting", active: (path: string) => path.startsWith("/alert-channels") },
  { to: "/alert-settings", label: "Alert settings", active: (path: string) => path === "/alert-settings" },
  { to: "/notifications", label: "Notifications", active: (path: string) => path === "/notifications" },
  { to: "/api-keys", label: "API keys", active: (path: string) => path === "/api-keys" },
  { to: "/private-locations", label: "Locations", active: (path: string) => path === "/private-locations" },
  { to: "/reporting", label: "Reporting", active: (path: string) => path === "/reporting" },
];

/** The signed-in frame: navigation, live-update control, connection state, theme, sign out. */
export function Layout({ children }: { children: ReactNode }) {
  const { path } = usePlace();
  const [theme, setTheme] = useTheme();
  const state = useLive();
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to="/" className="brand">
          Vigil
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} aria-current={item.active(path) ? "page" : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="controls">
          <button type="button" aria-pressed={state.paused} onClick={() => live.setPaused(!state.paused)}>
            {state.paused ? "Resume live updates" : "Pause live updates"}
          </button>
          <label>
            <span className="visually-hidden">Theme</span>
            <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
              <option value="system">System theme</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <SignOutButton />
        </div>
      </header>
      <div role="status" aria-live="polite" className="live-state">
        {state.connection === "lost" ? (
          <p className="banner warning">
            ⚠ Connection lost: reconnecting… Live updates resume and the screen is re-read once back.
          </p>
        ) : null}
        {state.paused ? (
          <p className="banner">Live updates are paused: the screen shows what it had when you paused.</p>
        ) : null}
      </div>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
