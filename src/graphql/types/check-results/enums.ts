import { RESULT_TYPE_FILTERS, RESULT_TYPES } from "../../../domain/check-results/index.js";
import { builder } from "../../builder.js";

export const CheckResultTypeEnum = builder.enumType("CheckResultType", {
  description: "FINAL: the outcome of a run at one location; ATTEMPT: a failed try that was retried.",
  values: RESULT_TYPES,
});
export const CheckResultTypeFilterEnum = builder.enumType("CheckResultTypeFilter", {
  description: "Which results a list holds: FINAL (the default), ATTEMPT, or ALL of them.",
  values: RESULT_TYPE_FILTERS,
});
