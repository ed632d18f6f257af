import { builder } from "../builder.js";

/** What a delete mutation answers: the global id of what is gone. */
export const DeletedRef = builder.objectRef<{ deletedId: string }>("Deleted").implement({
  description: "The result of a delete: the global id of the object that no longer exists.",
  fields: (t) => ({ deletedId: t.exposeID("deletedId") }),
});

/** The global id of a node (as Query.node takes it), for a delete mutation's answer. */
export function globalId(typename: string, id: string | number): string {
  return Buffer.from(`${typename}:${id}`).toString("base64");
}
