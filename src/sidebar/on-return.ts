// The sidebar brought up to date when the person comes back to it. Google gives a sidebar no way to hear of a
// change made outside it (the menu's Undo last battle, another person's undo): it can only ask. It asks only while
// it shows a battle applied, the one thing no write of its own can correct (Apply is closed for it), and only when
// the person returns (focus, the tab shown again): one execution then, never a poll.
import type { LoadAnswer } from '../contract/api';
import type { Server } from './server';
import { adopt, isApplied, say } from './state';
import type { Store } from './writes';

/**
 * What the sidebar does when the person comes back to it: while it shows a battle applied, and nothing else is on
 * its way, it reads the campaign again; a battle undone meanwhile is then shown as it now stands, ready to apply,
 * with a note saying so. Nothing changes when the battle is still applied, nor when anything happened here since
 * the call went (a write, a reload, a pick: theirs stands).
 */
export function createOnReturn(store: Store, server: Server): () => Promise<void> {
  let asking = false;
  return async () => {
    const s = store.state;
    if (asking || s.busy || !s.campaign || !isApplied(s)) return;
    asking = true;
    let answer: LoadAnswer;
    try {
      answer = await server.sidebarLoad();
    } catch {
      // Nobody asked for this read: a failure to reach Google is left for the next action to say.
      return;
    } finally {
      asking = false;
    }
    const now = store.state;
    if (!answer.ok || now.busy || now.campaign !== s.campaign || now.picked !== s.picked) return;
    const next = adopt(now, answer.campaign, false);
    if (isApplied(next) && !answer.notice) return;
    const battle = s.picked ?? s.setup.name;
    const text =
      answer.notice ??
      `Battle "${battle}" was undone outside this sidebar (Warcard → Undo last battle, or another person): it is shown as it now stands, ready to apply again.`;
    store.set(say(next, 'battle', text, { kind: 'info' }));
  };
}
