import { lazy } from "react";
import type { Route } from "./routes";
import { Setup } from "./screens/auth/Setup";
import { SignIn } from "./screens/auth/SignIn";
import { CheckDetail } from "./screens/check/CheckDetail";
import { checkDetailQuery, checkDetailVariables } from "./screens/check/CheckDetailQuery";
import { ResultView, resultViewQuery } from "./screens/check/ResultView";
import { CheckForm, checkFormVariables } from "./screens/form/CheckForm";
import { checkFormQuery } from "./screens/form/load";
import { ChecksList } from "./screens/checks/ChecksList";
import { checksListQuery, checksListVariables } from "./screens/checks/ChecksListQuery";
import { incidentDetailQuery, incidentDetailVariables } from "./screens/incidents/IncidentDetailQuery";
import { incidentsListQuery } from "./screens/incidents/IncidentsListQuery";
import { newIncidentQuery } from "./screens/incidents/NewIncidentQuery";
import { apiKeysQuery } from "./screens/keys/ApiKeysQuery";
import { alertChannelsQuery } from "./screens/alerting/AlertChannelsQuery";
import { newChannelQuery } from "./screens/alerting/NewChannelQuery";
import { Overview, overviewQuery } from "./screens/overview/Overview";
import { statusPageEditorQuery, statusPageEditorVariables } from "./screens/status-pages/EditorQuery";
import { statusPagesQuery } from "./screens/status-pages/StatusPagesQuery";

// Screens past part 1 load their code on first visit (the first route stays small); their
// queries are tiny and start as navigation happens, alongside the code.
const IncidentsList = lazy(() =>
  import("./screens/incidents/IncidentsList").then((m) => ({ default: m.IncidentsList })),
);
const NewIncident = lazy(() => import("./screens/incidents/NewIncident").then((m) => ({ default: m.NewIncident })));
const AlertChannels = lazy(() =>
  import("./screens/alerting/AlertChannels").then((m) => ({ default: m.AlertChannels })),
);
const NewChannel = lazy(() => import("./screens/alerting/NewChannel").then((m) => ({ default: m.NewChannel })));
const ApiKeys = lazy(() => import("./screens/keys/ApiKeys").then((m) => ({ default: m.ApiKeys })));
const IncidentDetail = lazy(() =>
  import("./screens/incidents/IncidentDetail").then((m) => ({ default: m.IncidentDetail })),
);
const StatusPages = lazy(() => import("./screens/status-pages/StatusPages").then((m) => ({ default: m.StatusPages })));
const StatusPageEditor = lazy(() =>
  import("./screens/status-pages/StatusPageEditor").then((m) => ({ default: m.StatusPageEditor })),
);

/** Every screen of the app, matched in order. */
export const routes: Route[] = [
  { pattern: "/sign-in", public: true, Component: SignIn },
  { pattern: "/setup", public: true, Component: Setup },
  { pattern: "/", query: overviewQuery, Component: Overview },
  { pattern: "/checks", query: checksListQuery, variables: checksListVariables, Component: ChecksList },
  { pattern: "/checks/new", query: checkFormQuery, variables: checkFormVariables, Component: CheckForm },
  { pattern: "/checks/:id/edit", query: checkFormQuery, variables: checkFormVariables, Component: CheckForm },
  { pattern: "/checks/:id", query: checkDetailQuery, variables: checkDetailVariables, Component: CheckDetail },
  {
    pattern: "/checks/:id/results/:resultId",
    query: resultViewQuery,
    variables: (params) => ({ id: params.resultId ?? "" }),
    Component: ResultView,
  },
  { pattern: "/incidents", query: incidentsListQuery, Component: IncidentsList },
  { pattern: "/incidents/new", query: newIncidentQuery, Component: NewIncident },
  {
    pattern: "/incidents/:id",
    query: incidentDetailQuery,
    variables: incidentDetailVariables,
    Component: IncidentDetail,
  },
  { pattern: "/api-keys", query: apiKeysQuery, Component: ApiKeys },
  { pattern: "/alert-channels", query: alertChannelsQuery, Component: AlertChannels },
  { pattern: "/alert-channels/new", query: newChannelQuery, Component: NewChannel },
  { pattern: "/status-pages", query: statusPagesQuery, Component: StatusPages },
  {
    pattern: "/status-pages/new",
    query: statusPageEditorQuery,
    variables: statusPageEditorVariables,
    Component: StatusPageEditor,
  },
  {
    pattern: "/status-pages/:id",
    query: statusPageEditorQuery,
    variables: statusPageEditorVariables,
    Component: StatusPageEditor,
  },
];
