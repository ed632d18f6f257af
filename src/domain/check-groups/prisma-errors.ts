import { ConflictError, NotFoundError } from "../shared/errors.js";
import { prismaErrorCode } from "../shared/prisma-errors.js";

/**
 * Prisma errors a group write can only meet through a concurrent request: a unique (P2002) or
 * foreign-key (P2003) violation on subscriptions is a 409; the group deleted meanwhile (P2025), a 404.
 */
export async function translatePrismaErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = prismaErrorCode(error);
    if (code === "P2002" || code === "P2003")
      throw new ConflictError("the check group was changed by another request at the same time; retry");
    if (code === "P2025") throw new NotFoundError("check group");
    throw error;
  }
}
