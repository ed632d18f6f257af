import { builder } from "../../builder.js";
import { MaintenanceLifecycleStatus } from "./type.js";

/** As the REST PATCH body; the domain validates the dates (YYYY-MM-DD or ISO 8601 strings). */
export const MoveMaintenanceInput = builder.inputType("MoveMaintenanceInput", {
  fields: (t) => ({
    startsAt: t.string({ description: "Alone, moves the maintenance keeping its length." }),
    endsAt: t.string({ description: "Alone, ends it earlier or later." }),
  }),
});

export const CreateMaintenanceUpdateInput = builder.inputType("CreateMaintenanceUpdateInput", {
  fields: (t) => ({
    status: t.field({ type: MaintenanceLifecycleStatus, required: true }),
    description: t.string({ required: true, description: "1 to 2,000 characters." }),
    notifySubscribers: t.boolean({
      description: "Tell the verified subscribers of the window's status pages (default false).",
    }),
  }),
});

export const UpdateMaintenanceUpdateInput = builder.inputType("UpdateMaintenanceUpdateInput", {
  fields: (t) => ({
    status: t.field({ type: MaintenanceLifecycleStatus, description: "Omitted: keeps its value." }),
    description: t.string({ required: true }),
    notifySubscribers: t.boolean({ description: "true tells the subscribers of the edited update." }),
  }),
});
