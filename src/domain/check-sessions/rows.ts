export const conciseResult = {
  id: true,
  checkId: true,
  name: true,
  checkType: true,
  runLocation: true,
  resultType: true,
  hasErrors: true,
  hasFailures: true,
  isDegraded: true,
  isCancelled: true,
  responseTime: true,
  startedAt: true,
  stoppedAt: true,
  sequenceId: true,
} as const;

/** What a session is read with: its runs name the check and the locations. */
export const runsOfSession = {
  select: {
    location: true,
    privateLocation: { select: { slugName: true } },
    check: { select: { id: true, name: true, checkType: true } },
  },
  orderBy: { id: "asc" },
} as const;

/** A stored session with its runs, as the reads include them. */
export type CheckSessionRow = {
  id: string;
  name: string | null;
  status: string;
  startedAt: Date;
  stoppedAt: Date | null;
  runs: {
    location: string | null;
    privateLocation: { slugName: string } | null;
    check: { id: string; name: string; checkType: string };
  }[];
};
