// Codes, not sentences: the sidebar reads a failing answer's code (contract/errors.ts), never the words of the
// server's message. Each code, from a write and from the load, reaches the sidebar and is shown as its code says;
// no module of src/sidebar tests what a message says.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Failure, LoadAnswer, Response, Written } from '../../src/contract/api';
import { FAILURE_CODES, type FailureCode } from '../../src/contract/errors';
import { createController } from '../../src/sidebar/controller';
import type { Server } from '../../src/sidebar/server';
import { fakeServer, fixtureCampaign } from '../support';

const SIDEBAR = resolve(__dirname, '../../src/sidebar');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** A test of a message's words: a string method or a pattern applied to something named `message`. */
const READS_WORDS = [
  /\bmessage\s*\??\.\s*(includes|match|matchAll|startsWith|endsWith|indexOf|lastIndexOf|search)\s*\(/,
  /\.test\(\s*[\w.?]*message\b/,
  /\bmessage\s*[!=]==?\s*['"`]/,
];

describe('the sidebar reads codes, not sentences', () => {
  it('no module of src/sidebar tests the words of a message', () => {
    const found = modules(SIDEBAR).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          READS_WORDS.some((p) => p.test(line))
            ? [`${file.slice(SIDEBAR.length + 1)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('the scan finds what it looks for', () => {
    const old = "const told = answer.message.includes('sidebar now shows') ? answer.message : fresh;";
    expect(READS_WORDS.some((p) => p.test(old))).toBe(true);
    expect(READS_WORDS.some((p) => p.test('if (/stale/.test(answer.message)) return;'))).toBe(true);
    expect(READS_WORDS.some((p) => p.test("if (answer.code === 'stale') return;"))).toBe(false);
  });
});

/** A controller whose Apply answers `failure`, the load as the fixture's campaign. */
async function applyAnswered(failure: Failure) {
  const fake = fakeServer(fixtureCampaign, () => failure as Response<Written>);
  const controller = createController(fake.server, { die: () => 50, id: () => 'op-1' });
  await controller.load();
  controller.roll();
  await controller.apply();
  return controller.state.message;
}

/** A controller whose load answers `failure`. */
async function loadAnswered(failure: Failure) {
  const fake = fakeServer(fixtureCampaign);
  const server = { ...fake.server, sidebarLoad: () => Promise.resolve(failure as LoadAnswer) } as Server;
  const controller = createController(server, { die: () => 50, id: () => 'op-1' });
  await controller.load();
  return controller.state.message;
}

/** Apply's next step in the sidebar's words, by code, when the answer brought no campaign. */
const APPLY_WITHOUT: Record<FailureCode, string> = {
  setup: ' Press Reload once it is fixed.',
  locked: ' Press Apply to roster again in a moment.',
  stale: ' Press Reload to see the campaign as it stands.',
  invalid: ' Press Reload to see the campaign as it stands.',
  unsafe: ' Press Reload once it is fixed.',
  failed:
    ' Press Reload (a load first puts back anything a failure left unfinished), then Apply to roster again.',
  authorization: ' Then open Warcard → Battle… again.',
  refused: '',
};

/** The same when the answer brought the campaign (shown at once). */
const APPLY_WITH: Record<FailureCode, string> = {
  setup: ' The sidebar now shows the campaign as it stands.',
  locked: ' The sidebar now shows the campaign as it stands: press Apply to roster again.',
  stale: ' The sidebar now shows the campaign as it stands: check the battle and apply again.',
  invalid: ' The sidebar now shows the campaign as it stands.',
  unsafe: ' The sidebar now shows the campaign as it stands.',
  failed: ' The sidebar now shows the campaign as it stands: press Apply to roster again.',
  authorization: ' The sidebar now shows the campaign as it stands.',
  refused: ' The sidebar now shows the campaign as it stands.',
};

/** The load's next step, by code (its button is Retry). */
const LOAD_WITHOUT: Record<FailureCode, string> = {
  setup: ' Press Retry once it is fixed.',
  locked: ' Press Retry in a moment.',
  stale: ' Press Retry.',
  invalid: ' Press Retry.',
  unsafe: ' Press Retry once it is fixed.',
  failed: ' Press Retry.',
  authorization: ' Then open Warcard → Battle… again.',
  refused: '',
};

describe('each failure code reaches the sidebar, which adds what to press', () => {
  const said = 'Something happened on the server.';

  it.each(FAILURE_CODES)(
    '%s, without the campaign: the message as sent and the next step, Reload offered unless a permission is missing',
    async (code) => {
      const message = await applyAnswered({ ok: false, code, message: said, campaign: null });
      expect(message).toMatchObject({
        spot: 'apply',
        kind: 'error',
        text: `${said}${APPLY_WITHOUT[code]}`,
        reload: code !== 'authorization',
      });
    },
  );

  it.each(FAILURE_CODES)(
    "%s, with the campaign: shown at once, the next step in the sidebar's words",
    async (code) => {
      const message = await applyAnswered({ ok: false, code, message: said, campaign: fixtureCampaign() });
      expect(message).toMatchObject({
        spot: 'apply',
        kind: 'error',
        text: `${said}${APPLY_WITH[code]}`,
        reload: false,
      });
    },
  );

  it.each(FAILURE_CODES)(
    '%s from the load: the message as sent and the next step, Retry offered unless a permission is missing',
    async (code) => {
      const message = await loadAnswered({ ok: false, code, message: said, campaign: null });
      expect(message).toMatchObject({
        spot: 'top',
        kind: 'error',
        text: `${said}${LOAD_WITHOUT[code]}`,
        reload: code !== 'authorization',
      });
    },
  );
});
