/** A command line as spawnSync takes it. */
export interface Command {
  command: string;
  args: string[];
  shell: boolean;
}
/** The command that runs `clasp push --force` on a platform (clasp's script under node, else npx), for a project file. */
export function pushCommand(platform?: string, node?: string, dir?: string, project?: string): Command;
/** The command that runs `npm run <script>` (npm's script under node when npm started this one, else npm). */
export function npmRunCommand(
  script: string,
  env?: Record<string, string | undefined>,
  platform?: string,
  node?: string,
): Command;
/** The gate's steps, in order. */
export const GATE: readonly { step: string; script: string }[];
export function parseDeployArgs(argv: readonly string[]): { target: string | undefined };
export function projectFile(target: string | undefined): string;
export function configuredTargets(dir?: string): string[];
export function targetProblem(target: string | undefined, dir?: string): string | undefined;
export function deploy(options: {
  argv: readonly string[];
  dir?: string;
  run: (command: Command) => number | string | Error;
  build: () => Promise<unknown>;
  print: (line: string) => void;
}): Promise<number>;
