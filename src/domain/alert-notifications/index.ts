export * from "./rows.js";
export * from "./schemas.js";
export * from "./view.js";
export * from "./list.js";
export * from "./page.js";
export * from "./batch.js";
