// The problems the sheets hold (each naming its sheet, row and column), listed once per campaign read, with a
// Reload beside them that reads the sheets again once they are fixed.
import type { Controller } from '../controller';
import { counted } from '../format';
import type { State } from '../state';

export interface Problems {
  sync(s: State, prev: State | null): void;
}

export function createProblems(host: HTMLElement, controller: Controller): Problems {
  const sync = (s: State, prev: State | null) => {
    if (prev && s.campaign === prev.campaign) return;
    host.replaceChildren();
    const problems = s.campaign?.data.problems ?? [];
    if (!problems.length) return;
    const list = document.createElement('ul');
    for (const text of problems) list.appendChild(document.createElement('li')).textContent = text;
    const d = document.createElement('details');
    d.className = 'problems';
    d.open = problems.length <= 3;
    d.appendChild(document.createElement('summary')).textContent =
      `${counted(problems.length, 'problem')} on the sheets: fix ${problems.length === 1 ? 'it' : 'them'} there, then Reload`;
    d.appendChild(list);
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'link';
    reload.dataset.focus = 'problems-reload';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => void controller.reload());
    d.appendChild(reload);
    host.appendChild(d);
  };
  return { sync };
}
