/**
 * The checkpointer thread's code (src/db/sqlite-checkpointer.ts), plain CommonJS run with
 * `new Worker(source, { eval: true })`: a .ts path would not load in a worker under plain node
 * (dist/), and this runs alike under vitest, tsx and node. `workerData`: { file, driver (the
 * absolute path of better-sqlite3, resolved by the parent), tickMs }. Each checkpoint posts
 * { id (a nudge's, or null), busy, copied (frames), log (the WAL's frames), complete (every frame
 * of the WAL copied back) }.
 */
export const checkpointerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
// Busy timeout 0: a checkpoint never waits; busy, it is retried at the next tick.
const db = new Database(workerData.file, { timeout: 0 });
let version = null;
let last = { log: 0, checkpointed: 0 };
let again = null;
function checkpoint(id) {
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)");
    const log = Number(row.log), checkpointed = Number(row.checkpointed);
    // Within one WAL the counts only grow; smaller ones mean a writer restarted it since.
    const copied = log >= last.log && checkpointed >= last.checkpointed ? checkpointed - last.checkpointed : checkpointed;
    last = { log, checkpointed };
    parentPort.postMessage({ id, busy: Number(row.busy) !== 0, copied: Math.max(0, copied), log, complete: checkpointed === log });
    // Frames were added while it copied: go on at once while that makes progress, so that the WAL
    // is wholly copied at some point (the next commit then restarts it from its start).
    if (copied > 0 && checkpointed < log && again === null)
      again = setImmediate(() => {
        again = null;
        checkpoint(null);
      });
  } catch (error) {
    if (error.code !== "SQLITE_BUSY" && error.code !== "SQLITE_LOCKED") throw error;
    parentPort.postMessage({ id, busy: true, copied: 0, log: last.log, complete: false });
  }
}
const timer = setInterval(() => {
  const now = db.pragma("data_version", { simple: true });
  if (now === version) return;
  version = now;
  checkpoint(null);
}, workerData.tickMs);
parentPort.on("message", (message) => {
  if (typeof message === "number") checkpoint(message);
  if (message === "stop") {
    clearInterval(timer);
    if (again !== null) clearImmediate(again);
    parentPort.close();
    db.close();
  }
});
`;
