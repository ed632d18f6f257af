/** What the parent and the agent's browser child say over IPC (browser.ts, browser-child.ts). */
export type ChildStart = {
  type: "start";
  chromiumPath: string;
  args: string[];
  blockPrivateTargets: boolean;
  /** The run's temporary directory: screenshots are written there. */
  dir: string;
};
export type ChildRequest = { type: "call"; id: number; tool: string; args: Record<string, unknown> };
export type ChildReply = {
  id: number;
  output?: string;
  error?: string;
  screenshot?: { path: string; size: number };
};
