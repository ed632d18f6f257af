import { builder } from "../../builder.js";

export const CheckSessionTargetInput = builder.inputType("CheckSessionTargetInput", {
  description: "Which checks to run: both conditions when both are given, every eligible check when neither is.",
  fields: (t) => ({
    checkIds: t.idList({ description: "Global ids of checks, or their REST ids." }),
    matchTags: t.field({
      type: t.listRef(t.listRef("String")),
      description:
        "An OR of groups, each an AND of tags; !tag asks for checks without it. A check's group's tags count as its own.",
    }),
  }),
});
