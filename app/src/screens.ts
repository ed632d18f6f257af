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
import { editChannelQuery, editChannelVariables } from "./screens/alerting/EditChannelQuery";
import { alertSettingsQuery } from "./screens/alerting/AlertSettingsQuery";
import { notificationLogQuery, notificationLogVariables } from "./screens/notifications/NotificationLogQuery";
import { Overview, overviewQuery } from "./screens/overview/Overview";
import { editWindowQuery, editWindowVariables } from "./screens/maintenance/EditWindowQuery";
import { maintenanceListQuery } from "./screens/maintenance/MaintenanceListQuery";
import { newWindowQuery } from "./screens/maintenance/NewWindowQuery";
import { windowDetailQuery, windowDetailVariables } from "./screens/maintenance/WindowDetailQuery";
import { editGroupQuery, groupVariables } from "./screens/check-groups/EditGroupQuery";
import { groupDetailQuery } from "./screens/check-groups/GroupDetailQuery";
import { groupsListQuery } from "./screens/check-groups/GroupsListQuery";
import { newGroupQuery } from "./screens/check-groups/NewGroupQuery";
import { locationsQuery } from "./screens/locations/LocationsQuery";
import { reportingQuery, reportingVariables } from "./screens/reporting/ReportingQuery";
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
const EditChannel = lazy(() => import("./screens/alerting/EditChannel").then((m) => ({ default: m.EditChannel })));
const AlertSettings = lazy(() =>
  import("./screens/alerting/AlertSettings").then((m) => ({ default: m.AlertSettings })),
);
const NotificationLog = lazy(() =>
  import("./screens/notifications/NotificationLog").then((m) => ({ default: m.NotificationLog })),
);
const ApiKeys = lazy(() => import("./screens/keys/ApiKeys").then((m) => ({ default: m.ApiKeys })));
const MaintenanceList = lazy(() =>
  import("./screens/maintenance/MaintenanceList").then((m) => ({ default: m.MaintenanceList })),
);
const NewWindow = lazy(() => import("./screens/maintenance/NewWindow").then((m) => ({ default: m.NewWindow })));
const EditWindow = lazy(() => import("./screens/maintenance/EditWindow").then((m) => ({ default: m.EditWindow })));
const WindowDetail = lazy(() =>
  import("./screens/maintenance/WindowDetail").then((m) => ({ default: m.WindowDetail })),
);
const GroupsList = lazy(() => import("./screens/check-groups/GroupsList").then((m) => ({ default: m.GroupsList })));
const NewGroup = lazy(() => import("./screens/check-groups/NewGroup").then((m) => ({ default: m.NewGroup })));
const EditGroup = lazy(() => import("./screens/check-groups/EditGroup").then((m) => ({ default: m.EditGroup })));
const GroupDetail = lazy(() => import("./screens/check-groups/GroupDetail").then((m) => ({ default: m.GroupDetail })));
const IncidentDetail = lazy(() =>
  import("./screens/incidents/IncidentDetail").then((m) => ({ default: m.IncidentDetail })),
);
const Locations = lazy(() => import("./screens/locations/Locations").then((m) => ({ default: m.Locations })));
const Reporting = lazy(() => import("./screens/reporting/Reporting").then((m) => ({ default: m.Reporting })));
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
  { pattern: "/alert-channels/:id", query: editChannelQuery, variables: editChannelVariables, Component: EditChannel },
  { pattern: "/alert-settings", query: alertSettingsQuery, Component: AlertSettings },
  {
    pattern: "/notifications",
    query: notificationLogQuery,
    variables: notificationLogVariables,
    Component: NotificationLog,
  },
  { pattern: "/maintenance", query: maintenanceListQuery, Component: MaintenanceList },
  { pattern: "/maintenance/new", query: newWindowQuery, Component: NewWindow },
  { pattern: "/maintenance/:id/edit", query: editWindowQuery, variables: editWindowVariables, Component: EditWindow },
  { pattern: "/maintenance/:id", query: windowDetailQuery, variables: windowDetailVariables, Component: WindowDetail },
  { pattern: "/check-groups", query: groupsListQuery, Component: GroupsList },
  { pattern: "/check-groups/new", query: newGroupQuery, Component: NewGroup },
  { pattern: "/check-groups/:id/edit", query: editGroupQuery, variables: groupVariables, Component: EditGroup },
  { pattern: "/check-groups/:id", query: groupDetailQuery, variables: groupVariables, Component: GroupDetail },
  { pattern: "/private-locations", query: locationsQuery, Component: Locations },
  { pattern: "/reporting", query: reportingQuery, variables: reportingVariables, Component: Reporting },
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
