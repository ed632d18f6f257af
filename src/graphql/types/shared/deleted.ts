import { builder } from "../../builder.js";

/** What a delete mutation answers: the global id of what is gone. */
export const DeletedRef = builder.objectRef<{ deletedId: string }>("Deleted").implement({
  description: "The result of a delete: the global id of the object that no longer exists.",
  fields: (t) => ({ deletedId: t.exposeID("deletedId") }),
});
