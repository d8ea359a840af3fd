export interface FunctionSize {
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}
export function codeOnly(text: string): string;
export function functionSizes(text: string): FunctionSize[];
export function sizesUnder(
  root: string,
  dirs: readonly string[],
): (FunctionSize & { readonly file: string })[];
export function moduleSizes(
  root: string,
  dirs: readonly string[],
): { readonly file: string; readonly lines: number }[];
