/** Each file of dist/ and its name in release/ (what a game master pastes into the Apps Script editor). */
export const RELEASE_FILES: readonly (readonly [built: string, released: string])[];
