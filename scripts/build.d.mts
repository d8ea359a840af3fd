export function buildDist(options?: { quiet?: boolean }): Promise<void>;
