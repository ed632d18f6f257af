/** The address rule lives in src/net/address-rule.ts; runners import it from here too. */
export { isPrivateAddress } from "../../net/address-rule.js";
