import { GROUP_SETTINGS, inheritedSettings } from "../../../domain/monitoring/inherited.js";
import { builder } from "../../builder.js";
import { CheckRef } from "../checks/type.js";
import { groupLoader } from "./type.js";

const GroupSettingEnum = builder.enumType("GroupSetting", {
  description: "A setting a check runs with from its group rather than its own.",
  values: GROUP_SETTINGS,
});

builder.interfaceField(CheckRef, "inheritedSettings", (t) =>
  t.field({
    type: [GroupSettingEnum],
    description:
      "The settings the check takes from its group (empty outside a group); the group's checks load their group in one query.",
    resolve: async (check, _args, ctx) => {
      if (check.groupId === null) return [];
      const group = await groupLoader(ctx).load(check.groupId);
      return group ? inheritedSettings(check, group as never) : [];
    },
  }),
);
