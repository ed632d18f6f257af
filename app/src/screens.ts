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
import { Overview, overviewQuery } from "./screens/overview/Overview";

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
];
