import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay";
import { App } from "./App";
import { createEnvironment } from "./relay/environment";
import { RouterProvider } from "./router/router";
import { applyTheme, storedTheme } from "./ui/theme";
import "./styles.css";

// Before the first render, so that a dark choice does not flash light (no inline script: CSP).
applyTheme(storedTheme());

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <RelayEnvironmentProvider environment={createEnvironment()}>
      <RouterProvider>
        <App />
      </RouterProvider>
    </RelayEnvironmentProvider>,
  );
