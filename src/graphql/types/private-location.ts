// Filled in by the engineer who owns this noun (see src/graphql/schema.ts).
export {};
