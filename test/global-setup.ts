// Builds dist/ once before any test file runs: tests load the very Code.js and Sidebar.html clasp pushes.
import { buildDist } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await buildDist({ quiet: true });
}
