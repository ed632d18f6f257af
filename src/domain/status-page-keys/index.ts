export { createStatusPageKey } from "./create.js";
export { deleteStatusPageKey } from "./delete.js";
export { listStatusPageKeys } from "./list.js";
export {
  ACCESS_TOKEN_SECONDS,
  accessTokenFor,
  findGatedPage,
  keyOpensPage,
  tokenOpensPage,
  type GatedPage,
} from "./access.js";
export { maskStatusPageKey } from "./key.js";
