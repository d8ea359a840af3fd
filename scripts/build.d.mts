export function buildDist(options?: { quiet?: boolean }): Promise<void>;
/** The sidebar's calls as src/contract/api.ts lists them (SIDEBAR_CALLS), read by bundling that module. */
export function sidebarCalls(): Promise<Record<string, { does: string }>>;
/** The names of the top-level functions a script declares. */
export function declaredFunctions(source: string): string[];
/** Code.js's sidebar globals, one per call; throws on a name globals.js declares (`taken`) or a call without `does`. */
export function sidebarGlobals(calls: Record<string, { does?: unknown }>, taken: readonly string[]): string;
