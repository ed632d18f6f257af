export { createApiKey, createOwnApiKey } from "./create.js";
export { generateKey, hashKey, maskApiKey, maskKey } from "./keys.js";
export { listApiKeys } from "./list.js";
export { revokeApiKey } from "./revoke.js";
export { CreateApiKeyInput, CreateOwnApiKeyInput } from "./schemas.js";
export { apiKeySelect, toApiKeyView, type ApiKeyRow, type ApiKeyView } from "./view.js";
export { pageApiKeys } from "./page.js";
