export { createAccount, ensureBootstrap } from "./create.js";
export { getAccount } from "./get.js";
export { CreateAccountInput } from "./schemas.js";
