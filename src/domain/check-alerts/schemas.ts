import type { z } from "zod";
import { PageQuery, querySchema } from "../shared/schemas.js";
import { toAfterFrom, windowQuery, withinV1Window } from "../shared/v1-window-schemas.js";

/** GET /v1/check-alerts[/{checkId}]: page and limit inside the 6-hour window of the v1 check results list. */
export const ListCheckAlertsQuery = querySchema({ ...PageQuery, ...windowQuery })
  .superRefine(toAfterFrom)
  .superRefine(withinV1Window());
export type ListCheckAlertsQuery = z.input<typeof ListCheckAlertsQuery>;
