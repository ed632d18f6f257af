export { checkBadge, groupBadge } from "./badge.js";
export type { Badge, BadgeStatus } from "./render.js";
export { BADGE_STYLES, BADGE_THEMES, BadgeQuery, GroupBadgeQuery } from "./schemas.js";
