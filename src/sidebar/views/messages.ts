// Messages stand beside what the user just did: one box per spot, scrolled into view when a message arrives and
// announced (each box is a polite live region). A refusal offers Reload (Retry for a failed load), which calls the
// server only when pressed.
import { defined } from '../../rules';
import type { Controller } from '../controller';
import { byId, el, fill } from '../dom';
import type { Message, Spot } from '../state';

const SPOTS: readonly Spot[] = ['top', 'battle', 'side-0', 'side-1', 'roll', 'result', 'apply', 'log'];

export interface MessagesView {
  update(message: Message | null, previous: Message | null): void;
}

export function createMessagesView(controller: Controller): MessagesView {
  const boxes = new Map(SPOTS.map((spot) => [spot, byId(`message-${spot}`)]));
  return {
    update(message, previous) {
      if (message === previous) return;
      for (const [spot, box] of boxes) {
        if (message?.spot === spot) continue;
        box.hidden = true;
        fill(box);
      }
      if (!message) return;
      const box = defined(boxes.get(message.spot), `the message box of ${message.spot}`);
      box.className = `message ${message.kind}`;
      fill(
        box,
        el('span', {}, message.text),
        message.reload
          ? el(
              'button',
              {
                type: 'button',
                class: 'link',
                'data-focus': `reload-${message.spot}`,
                onclick: () => void controller.reload(),
              },
              // A message at the top is about the load: its button loads again.
              message.spot === 'top' ? 'Retry' : 'Reload',
            )
          : null,
      );
      box.hidden = false;
      // A message inside a folded side shows: open it.
      const fold = box.closest('details');
      if (fold && !fold.open) fold.open = true;
      box.scrollIntoView({ block: 'nearest' });
    },
  };
}
