// A Relay global id as the GraphQL API writes it (base64 of "Type:id"); no imports, so the bench can use it.
export const globalId = (typename: string, id: string | number) => Buffer.from(`${typename}:${id}`).toString("base64");
