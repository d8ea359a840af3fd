// The one errors module: each condition's class sets its name and carries its code and data; the server answers
// a refusal with its code and anything unexpected as `failed`, as the load does.
import { describe, expect, it } from 'vitest';
import type { FailureCode } from '../../src/contract/api';
import {
  ERR_PREFIX,
  FAILURE_CODES,
  MAX_MESSAGE,
  Refusal,
  RequestError,
  RowError,
  TableError,
  WarcardError,
} from '../../src/contract/errors';
import { serve } from '../../src/sheets/server/serve';

describe('the errors', () => {
  it('each sets its name, its code and its data, and is a WarcardError', () => {
    const errors = [
      [new RowError('bad'), 'RowError', 'invalid'],
      [new TableError('no header'), 'TableError', 'setup'],
      [new RequestError('setup.name', 'too long'), 'RequestError', 'invalid'],
      [new Refusal('stale', 'moved'), 'Refusal', 'stale'],
    ] as const;
    for (const [e, name, code] of errors) {
      expect(e).toBeInstanceOf(WarcardError);
      expect(e).toBeInstanceOf(Error);
      expect([e.name, e.code]).toEqual([name, code]);
      expect(String(e)).toBe(`${name}: ${e.message}`);
    }
    expect(new RequestError('setup.name', 'too long').field).toBe('setup.name');
  });

  it('cuts a row’s message to fit an #ERR: cell and a table’s to the message limit', () => {
    const long = 'x'.repeat(1000);
    expect(new RowError(long).message.length).toBe(MAX_MESSAGE - ERR_PREFIX.length);
    expect(new TableError(long).message.length).toBe(MAX_MESSAGE);
  });

  it('lists every code the answers type allows, once', () => {
    const all: Record<FailureCode, true> = {
      setup: true,
      locked: true,
      stale: true,
      invalid: true,
      unsafe: true,
      failed: true,
      authorization: true,
      refused: true,
    };
    expect([...FAILURE_CODES].sort()).toEqual(Object.keys(all).sort());
  });
});

describe('serve', () => {
  it('answers a refusal with its code and message, nothing thrown', () => {
    for (const code of FAILURE_CODES) {
      const answer = serve(() => {
        throw new Refusal(code, 'Refused here.');
      });
      expect(answer).toEqual({ ok: false, code, message: 'Refused here.', campaign: null });
    }
  });

  it('answers anything unexpected as failed, saying nothing was written', () => {
    const answer = serve(() => {
      throw new TypeError('x is undefined');
    });
    expect(answer).toEqual({
      ok: false,
      code: 'failed',
      message: 'Warcard could not do that: x is undefined. Nothing was written.',
      campaign: null,
    });
  });
});
