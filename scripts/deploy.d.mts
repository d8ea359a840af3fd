/** The command that runs `clasp push --force` on a platform (clasp's script under node, else npx). */
export function pushCommand(
  platform?: string,
  node?: string,
  dir?: string,
): { command: string; args: string[]; shell: boolean };
