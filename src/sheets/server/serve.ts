// How every call answers: a refusal as its failure with its code, anything unexpected `failed`, never a throw.
import type { Failure, FailureCode, Response } from '../../contract/api';
import type { CampaignData } from '../../contract/campaign';
import { messageOf } from '../../contract/cells';
import { Refusal } from '../../contract/errors';
import { couldNotDo } from '../../contract/refusals';

export const fail = (code: FailureCode, message: string, campaign: CampaignData | null = null): Failure => ({
  ok: false,
  code,
  message,
  campaign,
});

/**
 * Every call answers: a refusal becomes its failure, an unexpected error `failed` (as the load says it), never a
 * throw.
 */
export function serve<T extends object>(fn: () => Response<T>): Response<T> {
  try {
    return fn();
  } catch (e) {
    if (e instanceof Refusal) return fail(e.code, e.message);
    return fail('failed', couldNotDo(messageOf(e)));
  }
}
