// Whether this user granted every permission the manifest asks for. With Google's granular consent a user may
// grant only some; Warcard would then fail on its first read with Google's raw error, or a sidebar would offer a
// Retry that never ends. Each menu action and each sidebar call checks first (ScriptApp.getAuthorizationInfo,
// FULL mode, as Google documents) and answers with the link that grants what is missing.
import type { Failure } from '../contract/api';
import { messageOf } from '../contract/cells';
import { scriptApp, spreadsheetApp } from './gas';
import { menuNext } from './menu';
import { nothingChanged } from '../contract/refusals';

/** The message for a user who has not granted every permission, with the link to grant them; null when all are. */
export function missingAuthorization(): string | null {
  const app = scriptApp();
  const info = app.getAuthorizationInfo(app.AuthMode.FULL);
  if (info.getAuthorizationStatus() !== app.AuthorizationStatus.REQUIRED) return null;
  return (
    'Warcard needs every permission it asks for, and your Google account has not granted them all. ' +
    `This link grants them: ${info.getAuthorizationUrl() ?? ''}`
  );
}

/**
 * The menu item calling the global `functionName`, run only once every permission is granted. Otherwise it says so with the link;
 * if even the message cannot be shown (the menu's own permission missing), Google's prompt asks (requireAllScopes).
 */
export function menuAction<A extends unknown[], R>(
  functionName: string,
  action: (...args: A) => R,
): (...args: A) => R | undefined {
  return (...args) => {
    let refusal: Pick<Failure, 'code' | 'message'> | null;
    try {
      const missing = missingAuthorization();
      refusal = missing === null ? null : { code: 'authorization', message: missing };
    } catch (e) {
      refusal = { code: 'failed', message: unanswered(e) };
    }
    if (refusal === null) return action(...args);
    try {
      spreadsheetApp()
        .getUi()
        .alert(`${refusal.message}${menuNext(refusal.code, functionName)}`);
    } catch {
      const app = scriptApp();
      app.requireAllScopes(app.AuthMode.FULL);
    }
    return undefined;
  };
}

/** The sidebar's answer when a permission is missing: the link, and no Retry (a retry cannot grant it). */
export function unauthorized(message: string): Failure {
  return { ok: false, code: 'authorization', message, campaign: null };
}

/** What to say when Google fails the question itself: nothing was read or written yet. */
const unanswered = (e: unknown): string =>
  nothingChanged(`Google failed before Warcard read anything (${messageOf(e)}).`);

/** A sidebar call that answers `unauthorized`, before it reads anything, while a permission is missing. */
export function authorized<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R | Failure {
  return (...args) => {
    let message: string | null;
    try {
      message = missingAuthorization();
    } catch (e) {
      return { ok: false, code: 'failed', message: unanswered(e), campaign: null };
    }
    return message === null ? handler(...args) : unauthorized(message);
  };
}
