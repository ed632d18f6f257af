/**
 * Prisma's error code of a failed query (P2002 unique violation, P2003 foreign key, P2025 row
 * not found), or undefined. Domain verbs translate these into domain errors; nothing above the
 * domain sees a Prisma error.
 */
export function prismaErrorCode(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}

export const isUniqueViolation = (error: unknown) => prismaErrorCode(error) === "P2002";
