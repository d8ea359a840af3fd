// The tests' shared fixtures, one door (as boardgame.io's src/testing/): the rules' objects and their oracle
// (rules.ts), the test campaign as sheets (campaign-sheets.ts) and as the sidebar's payload with a fake server
// (campaign-data.ts), names that would break a page (hostile.ts), a fake sheet on plain arrays (fake-table.ts),
// the sidebar's calls on the emulation (emulation.ts), the sealed plans' calls (sealing.ts) and the sidebar's
// payload with sealed plans (sealed-data.ts), and a campaign with a treasury (treasury.ts).
// A test of the pure layers (test/rules, test/contract, test/sidebar) imports the module it needs by its own
// name instead: this door loads the emulation, and with it the formula engine, into every file that opens it.
export * from './campaign-data';
export * from './campaign-sheets';
export * from './emulation';
export * from './fake-table';
export * from './hostile';
export * from './rules';
export * from './sealed-data';
export * from './sealing';
export * from './players';
export * from './sweep';
export * from './library';
export * from './treasury';
export * from './protections';
