// The battle sidebar: pick or start a battle, set it up, watch the preview, roll, choose the casualties, apply,
// undo. One server call per user action; every text from the sheet is set as text.
import type {
  BattleListing,
  BattleSetup,
  CampaignState,
  Catalogue,
  LoadData,
  PreviewData,
  RollPair,
  SidePreview,
} from '../sheets/sidebar-api';
import type { Server } from './api';
import { bandChart } from './chart';
import { isDecided, isTie, parseDie, rollUntilDecided } from './dice';
import { byId, el, fill, uid } from './dom';
import { type SideForm, sideForm } from './form';
import {
  applyRequest,
  battleOptionText,
  cloneSetup,
  loserOf,
  modifierAmount,
  newSetup,
  PLAN_SHORT,
  percent,
  type Selection,
  SOURCE_TEXT,
  setupProblem,
  sideName,
  suggestedSelection,
  toggle,
  totals,
} from './model';

const NEW = '__new__';

interface State {
  catalogue: Catalogue | null;
  campaign: CampaignState | null;
  /** The battle picked: a name of the list, or NEW. */
  picked: string;
  setup: BattleSetup | null;
  rolls: RollPair[];
  preview: PreviewData | null;
  selection: Selection | null;
  /** What made the selection: a new result resets it to the suggestion. */
  resultKey: string;
  rollMode: 'auto' | 'typed';
  /** Preview requests sent; a response to an older one is dropped. */
  sent: number;
  busy: boolean;
  /** The Log row of the battle just applied here. */
  appliedRow: number | null;
}

export function startApp(server: Server): void {
  const state: State = {
    catalogue: null,
    campaign: null,
    picked: NEW,
    setup: null,
    rolls: [],
    preview: null,
    selection: null,
    resultKey: '',
    rollMode: 'auto',
    sent: 0,
    busy: false,
    appliedRow: null,
  };
  const ui = {
    message: byId('message'),
    announce: byId('announce'),
    resultHeading: byId('result-heading'),
    battleSelect: byId<HTMLSelectElement>('battle-select'),
    nameRow: byId('new-name-row'),
    nameInput: byId<HTMLInputElement>('battle-name'),
    sides: [byId('side-0'), byId('side-1')] as const,
    sideTitles: [byId('side-0-title'), byId('side-1-title')] as const,
    sideBvs: [byId('side-0-bv'), byId('side-1-bv')] as const,
    sideDetails: [
      byId<HTMLDetailsElement>('side-0-details'),
      byId<HTMLDetailsElement>('side-1-details'),
    ] as const,
    saveButton: byId<HTMLButtonElement>('save-button'),
    preview: byId('preview'),
    advisor: byId('advisor-body'),
    roll: byId('roll'),
    result: byId('result'),
    applyButton: byId<HTMLButtonElement>('apply-button'),
    undoButton: byId<HTMLButtonElement>('undo-button'),
    undoNote: byId('undo-note'),
  };
  let forms: [SideForm, SideForm] | null = null;

  // ---- Messages

  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    ui.message.className = `message ${kind}`;
    ui.message.textContent = text;
    ui.message.hidden = text === '';
  };

  /** A short line for screen readers, in a live region that stays put while sections are redrawn. */
  const announce = (text: string) => {
    ui.announce.textContent = text;
  };

  // ---- Focus and open details survive a redraw: elements carry data-focus / data-key names

  const openDetails = new Set<string>();
  document.addEventListener(
    'toggle',
    (e) => {
      const d = e.target as HTMLDetailsElement;
      const key = d.dataset?.key;
      if (!key) return;
      if (d.open) openDetails.add(key);
      else openDetails.delete(key);
    },
    true,
  );
  const details = (key: string, summary: string, ...content: (Node | null)[]) =>
    el(
      'details',
      { 'data-key': key, open: openDetails.has(key) },
      el('summary', { 'data-focus': `sum-${key}` }, summary),
      ...content,
    );

  /** Redraws with `draw`, then puts the focus back on the element of the same name, or on `fallback`. */
  const redraw = (draw: () => void, fallback?: () => HTMLElement | null) => {
    const key = (document.activeElement as HTMLElement | null)?.dataset?.focus;
    draw();
    if (!key) return;
    const target = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
    if (target && !(target as HTMLInputElement).disabled) target.focus();
    else fallback?.()?.focus();
  };

  // ---- Loading and picking a battle

  const listing = (name: string): BattleListing | undefined =>
    state.campaign?.battles.find((b) => b.setup.name.trim().toLowerCase() === name.trim().toLowerCase());

  const fillBattleSelect = () => {
    const battles = state.campaign?.battles ?? [];
    fill(
      ui.battleSelect,
      el('option', { value: NEW }, 'New battle…'),
      ...battles.map((b) => el('option', { value: b.setup.name }, battleOptionText(b))),
    );
    ui.battleSelect.value = state.picked === NEW || listing(state.picked) ? state.picked : NEW;
  };

  const setCampaign = (campaign: CampaignState) => {
    state.campaign = campaign;
    fillBattleSelect();
    // A battle saved or applied now has rows; one whose rows were undone away is new again.
    if (state.setup) {
      const found = listing(state.setup.name);
      state.setup = { ...state.setup, rows: found ? found.setup.rows : null };
      if (state.picked !== NEW && !found) state.picked = NEW;
      if (found && state.picked === NEW) state.picked = found.setup.name;
      ui.battleSelect.value = state.picked;
      ui.nameRow.hidden = state.picked !== NEW;
    }
    renderUndo();
    if (campaign.problems.length > 0) {
      say(`Some rows cannot be read: ${campaign.problems.slice(0, 3).join(' · ')}`, 'error');
    }
  };

  const pick = (name: string) => {
    const catalogue = state.catalogue!;
    state.picked = name;
    state.appliedRow = null;
    const found = name === NEW ? undefined : listing(name);
    if (found) {
      state.setup = cloneSetup(found.setup);
      const [a, b] = found.rolls;
      state.rolls = a !== null && b !== null && !found.applied ? [[a, b]] : [];
    } else {
      state.setup = newSetup(catalogue, ui.nameInput.value.trim());
      state.rolls = [];
    }
    ui.nameRow.hidden = name !== NEW;
    ui.battleSelect.value = name;
    // A battle from the sheet opens on its preview; a new one on its form.
    for (const d of ui.sideDetails) d.open = name === NEW;
    state.preview = null;
    state.selection = null;
    state.resultKey = '';
    buildForms();
    refresh();
  };

  const buildForms = () => {
    const catalogue = state.catalogue!;
    const armies = state.campaign?.armies ?? [];
    forms = ([0, 1] as const).map((i) =>
      sideForm(
        i,
        catalogue,
        armies,
        () => state.setup!,
        (next) => changeSetup(next),
      ),
    ) as [SideForm, SideForm];
    ui.sides.forEach((container, i) => {
      fill(container, forms![i]!.element);
    });
    syncForms();
  };

  const syncForms = () => {
    if (!state.setup || !forms) return;
    for (const f of forms) f.sync(state.setup!);
    ui.sideTitles.forEach((t, i) => {
      const side = state.setup!.sides[i as 0 | 1];
      const name = sideName(state.setup!, i as 0 | 1);
      const armies = side.armies.length ? side.armies.join(', ') : 'no army yet';
      const defender = side.circumstances.defender ? ', defends' : '';
      t.textContent = armies === name ? `${name}${defender}` : `${name}${defender}: ${armies}`;
    });
  };

  const changeSetup = (next: BattleSetup) => {
    state.setup = next;
    syncForms();
    refresh();
  };

  // ---- The preview: one server call per change

  const isApplied = () =>
    state.appliedRow !== null || (state.picked !== NEW && listing(state.picked)?.applied === true);

  const refresh = async () => {
    const setup = state.setup;
    if (!setup) return;
    const problem = setupProblem(setup);
    const ticket = ++state.sent;
    if (problem) {
      state.preview = null;
      renderOutput(problem);
      return;
    }
    ui.preview.setAttribute('aria-busy', 'true');
    let response: Awaited<ReturnType<Server['sidebarPreview']>>;
    try {
      response = await server.sidebarPreview({ setup, rolls: state.rolls });
    } catch (e) {
      if (ticket === state.sent) renderOutput(`The preview failed: ${(e as Error).message}`);
      return;
    } finally {
      if (ticket === state.sent) ui.preview.removeAttribute('aria-busy');
    }
    if (ticket !== state.sent) return; // a newer change is on its way
    if (!response.ok) {
      state.preview = null;
      renderOutput(response.message);
      return;
    }
    adoptPreview(response);
  };

  const adoptPreview = (preview: PreviewData) => {
    state.preview = preview;
    state.rolls = [...preview.rolls];
    const key = JSON.stringify([preview.rolls, preview.result, preview.fingerprint]);
    if (key !== state.resultKey) {
      state.resultKey = key;
      state.selection = suggestedSelection(preview);
    }
    renderOutput(null);
    const [a, b] = preview.sides;
    const chances = preview.odds
      ? `: ${a.label} wins ${percent(preview.odds.winA)}, ${b.label} ${percent(preview.odds.winB)}`
      : ': no battle';
    const result = preview.result
      ? `. ${preview.result.winner === 'A' ? a.label : b.label} wins by ${preview.result.difference}`
      : '';
    announce(`Battle values ${a.battleValue} and ${b.battleValue}${chances}${result}.`);
  };

  // ---- Rendering the outputs

  const renderOutput = (problem: string | null) => {
    ui.sideBvs.forEach((span, i) => {
      span.textContent = problem === null && state.preview ? `BV ${state.preview.sides[i]!.battleValue}` : '';
    });
    if (problem !== null) {
      fill(ui.preview, el('p', { class: 'note' }, problem));
      fill(ui.advisor, el('p', { class: 'note' }, 'The advisor needs both sides set up.'));
      fill(ui.roll);
      fill(ui.result);
      ui.applyButton.hidden = true;
      return;
    }
    const p = state.preview!;
    redraw(
      () => {
        renderPreview(p);
        renderAdvisor(p);
        renderRoll(p);
        renderResult(p);
      },
      () => (p.result ? ui.resultHeading : null),
    );
  };

  const sideBlock = (s: SidePreview, i: 0 | 1, p: PreviewData): HTMLElement => {
    const chance = p.odds ? (i === 0 ? p.odds.winA : p.odds.winB) : null;
    const expected = p.odds ? (i === 0 ? p.odds.expectedCasualtiesA : p.odds.expectedCasualtiesB) : null;
    const characters = s.characters.length
      ? ` + characters ${s.base - s.unitValue} (${s.characters.map((c) => `${c.name} ${c.bonus}`).join(', ')})`
      : '';
    return el(
      'div',
      { class: `side-preview side-${i === 0 ? 'a' : 'b'}` },
      el(
        'div',
        { class: 'side-head' },
        el('span', { class: 'side-name' }, s.label),
        el('span', { class: 'bv', title: 'Battle value' }, `BV ${s.battleValue}`),
      ),
      el(
        'p',
        { class: 'base' },
        `Base ${s.base} = ${s.units.length} ready units worth ${s.unitValue}${characters}`,
        s.notFighting ? el('span', { class: 'note' }, ` · ${s.notFighting} not fighting`) : null,
      ),
      s.modifiers.length
        ? el(
            'ul',
            { class: 'modifiers' },
            ...s.modifiers.map((m) =>
              el(
                'li',
                {},
                el('span', { class: 'amount' }, modifierAmount(m)),
                el('span', { class: 'mod-label' }, `${m.group}: ${m.label}`),
                el('span', { class: `source source-${m.source}` }, SOURCE_TEXT[m.source]),
              ),
            ),
          )
        : el('p', { class: 'note' }, 'No modifiers.'),
      s.notes.length ? el('ul', { class: 'rule-notes' }, ...s.notes.map((n) => el('li', {}, n))) : null,
      el(
        'p',
        { class: 'sums' },
        `${s.percent >= 0 ? '+' : ''}${s.percent}% and ${s.points >= 0 ? '+' : ''}${s.points} points → battle value ${s.battleValue}`,
      ),
      el(
        'p',
        { class: 'chances' },
        chance === null ? 'No battle' : el('strong', {}, `Wins ${percent(chance)}`),
        expected === null ? '' : ` · expected casualties ${expected.toFixed(1)} pts`,
        s.planEffect !== '-' ? ` · plan ${s.plan}: ${s.planEffect}` : '',
      ),
    );
  };

  const renderPreview = (p: PreviewData) => {
    const [a, b] = p.sides;
    const parts: (HTMLElement | null)[] = [sideBlock(a, 0, p), sideBlock(b, 1, p)];
    if (p.noBattle) {
      parts.push(el('p', { class: 'callout' }, `No battle: ${a.plan} against ${b.plan} rules it out.`));
    } else if (p.odds) {
      const odds = p.odds;
      const table = el(
        'table',
        { class: 'bands' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('th', { scope: 'col' }, 'Won by'),
            el('th', { scope: 'col' }, a.label),
            el('th', { scope: 'col' }, b.label),
          ),
        ),
        el(
          'tbody',
          {},
          ...odds.bands.map((band) =>
            el(
              'tr',
              {},
              el('th', { scope: 'row' }, band.label),
              el('td', {}, percent(band.a)),
              el('td', {}, percent(band.b)),
            ),
          ),
        ),
      );
      parts.push(
        el(
          'figure',
          { class: 'chart' },
          el(
            'figcaption',
            {},
            'Chance of each casualty band ',
            el('span', { class: 'key key-a' }, `▲ ${a.label}`),
            ' ',
            el('span', { class: 'key key-b' }, `▼ ${b.label}`),
          ),
          bandChart(odds, a.label, b.label),
        ),
        details('bands', 'Band chances as a table', table),
      );
    }
    fill(ui.preview, ...parts);
  };

  const renderAdvisor = (p: PreviewData) => {
    const adv = p.advice;
    const [a, b] = p.sides;
    const current = [adv.plans.indexOf(a.plan), adv.plans.indexOf(b.plan)];
    const bestA = new Set(
      adv.bestForA.map((x, j) => `${x.plan === null ? -1 : adv.plans.indexOf(x.plan)}:${j}`),
    );
    const table = el(
      'table',
      { class: 'advisor' },
      el(
        'caption',
        { class: 'visually-hidden' },
        `${a.label}’s chance to win in percent, by ${a.label}’s plan (rows) and ${b.label}’s plan (columns)`,
      ),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'Plan')),
          ...adv.plans.map((plan) =>
            el('th', { scope: 'col', title: plan }, el('abbr', { title: plan }, PLAN_SHORT[plan] ?? plan)),
          ),
        ),
      ),
      el(
        'tbody',
        {},
        ...adv.plans.map((plan, i) =>
          el(
            'tr',
            {},
            el('th', { scope: 'row', title: plan }, el('abbr', { title: plan }, PLAN_SHORT[plan] ?? plan)),
            ...adv.winA[i]!.map((chance, j) => {
              const classes = [
                chance === null ? 'nobattle' : '',
                bestA.has(`${i}:${j}`) ? 'best' : '',
                i === current[0] && j === current[1] ? 'current' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return el(
                'td',
                { class: classes, title: `${plan} vs ${adv.plans[j]}` },
                chance === null ? '—' : `${Math.round(chance * 100)}`,
              );
            }),
          ),
        ),
      ),
    );
    const answers = (who: string, list: typeof adv.bestForA, enemy: string) =>
      el(
        'ul',
        { class: 'answers' },
        ...list.map((x) =>
          el(
            'li',
            {},
            `${enemy} ${x.against} → ${who} `,
            el('strong', {}, x.plan ?? 'no battle either way'),
            x.chance === null ? '' : ` (${percent(x.chance)})`,
          ),
        ),
      );
    const maximin = (who: string, m: typeof adv.maximinA) =>
      el(
        'p',
        {},
        `Safest plan for ${who}: `,
        el('strong', {}, m.plan),
        m.chance === null ? '' : ` (at worst ${percent(m.chance)})`,
      );
    fill(
      ui.advisor,
      el(
        'p',
        { class: 'note' },
        `${a.label}’s chance to win (%), by ${a.label}’s plan (rows) against ${b.label}’s (columns). Bold: ${a.label}’s best answer; framed: the plans chosen.`,
      ),
      el('div', { class: 'table-scroll' }, table),
      el('p', { class: 'note' }, '— the plans rule out a battle. Percent chances, ties rolled again.'),
      maximin(a.label, adv.maximinA),
      maximin(b.label, adv.maximinB),
      details('answers-a', `${a.label}’s best answer to each plan`, answers(a.label, adv.bestForA, b.label)),
      details('answers-b', `${b.label}’s best answer to each plan`, answers(b.label, adv.bestForB, a.label)),
    );
  };

  const renderRoll = (p: PreviewData) => {
    if (p.noBattle) {
      fill(ui.roll, el('p', { class: 'note' }, 'No battle, no dice.'));
      return;
    }
    if (isApplied() && state.rolls.length === 0) {
      fill(
        ui.roll,
        el(
          'p',
          { class: 'callout' },
          'This battle is applied already (see the Log). Undo it to fight it again.',
        ),
      );
      return;
    }
    const [a, b] = p.sides;
    const decided = isDecided(state.rolls, a.battleValue, b.battleValue);
    const locked = decided || isApplied() || state.busy;
    const modeName = uid('roll-mode');
    const mode = (value: 'auto' | 'typed', text: string) =>
      el(
        'label',
        { class: 'check' },
        el('input', {
          type: 'radio',
          name: modeName,
          value,
          checked: state.rollMode === value,
          disabled: locked,
          'data-focus': `mode-${value}`,
          onchange: () => {
            state.rollMode = value;
            redraw(() => renderRoll(p));
          },
        }),
        el('span', {}, text),
      );
    const controls: HTMLElement[] = [];
    if (state.rollMode === 'auto') {
      controls.push(
        el(
          'button',
          {
            type: 'button',
            class: 'action',
            id: 'roll-button',
            'data-focus': 'roll',
            disabled: locked,
            onclick: () => rollDice(p),
          },
          decided ? 'Rolled' : state.rolls.length ? 'Tie: roll again' : 'Roll the dice',
        ),
      );
    } else {
      const idA = uid('die-a');
      const idB = uid('die-b');
      const dieA = el('input', {
        id: idA,
        type: 'number',
        min: 1,
        max: 100,
        step: 1,
        inputmode: 'numeric',
        class: 'die',
        disabled: locked,
        'data-focus': 'die-a',
      });
      const dieB = el('input', {
        id: idB,
        type: 'number',
        min: 1,
        max: 100,
        step: 1,
        inputmode: 'numeric',
        class: 'die',
        disabled: locked,
        'data-focus': 'die-b',
      });
      controls.push(
        el(
          'form',
          {
            class: 'typed-dice',
            onsubmit: (e: Event) => {
              e.preventDefault();
              typedDice(dieA.value, dieB.value);
            },
          },
          el('label', { for: idA }, a.label),
          dieA,
          el('label', { for: idB }, b.label),
          dieB,
          el(
            'button',
            { type: 'submit', class: 'action', disabled: locked, 'data-focus': 'use-dice' },
            'Use these dice',
          ),
        ),
      );
    }
    const list = state.rolls.length
      ? el(
          'ol',
          { class: 'rolls' },
          ...state.rolls.map((pair) => {
            const tie = isTie(pair, a.battleValue, b.battleValue);
            return el(
              'li',
              { class: tie ? 'tie' : '' },
              `${a.label} ${pair[0]} → ${a.battleValue + pair[0]} · ${b.label} ${pair[1]} → ${b.battleValue + pair[1]}`,
              tie ? el('strong', {}, ' tie: rolled again') : '',
            );
          }),
        )
      : null;
    const clear =
      state.rolls.length && !isApplied()
        ? el(
            'button',
            { type: 'button', class: 'secondary', 'data-focus': 'clear-dice', onclick: () => setRolls([]) },
            'Clear dice',
          )
        : null;
    fill(
      ui.roll,
      el(
        'fieldset',
        { class: 'roll-mode' },
        el('legend', {}, 'Dice'),
        mode('auto', 'Roll here'),
        mode('typed', 'Type dice rolled at the table'),
      ),
      ...controls,
      list,
      clear,
    );
  };

  const setRolls = (rolls: RollPair[]) => {
    state.rolls = rolls;
    refresh();
  };

  const rollDice = (p: PreviewData) => {
    const [a, b] = p.sides;
    setRolls(rollUntilDecided(state.rolls, a.battleValue, b.battleValue));
  };

  const typedDice = (textA: string, textB: string) => {
    const da = parseDie(textA);
    const db = parseDie(textB);
    if (typeof da === 'string' || typeof db === 'string') {
      say(`Each die must be ${typeof da === 'string' ? da : db}.`, 'error');
      return;
    }
    say('');
    setRolls([...state.rolls, [da, db]]);
  };

  const renderResult = (p: PreviewData) => {
    const r = p.result;
    ui.applyButton.hidden = !r || isApplied();
    ui.applyButton.disabled = state.busy;
    if (!r || !state.selection) {
      fill(ui.result);
      return;
    }
    const [a, b] = p.sides;
    const winner = r.winner === 'A' ? a : b;
    const loser = loserOf(p)!;
    const applied = isApplied();
    const t = totals(p, state.selection);
    const sideTable = (i: 0 | 1) => {
      const s = p.sides[i];
      const isLoser = i === loser;
      const sel = state.selection!;
      const head = [
        el('th', { scope: 'col' }, 'Unit'),
        el('th', { scope: 'col', class: 'num' }, 'Val'),
        el('th', { scope: 'col' }, el('abbr', { title: 'Destroyed' }, 'D')),
        el('th', { scope: 'col' }, el('abbr', { title: 'Routed' }, 'R')),
        isLoser
          ? el(
              'th',
              { scope: 'col' },
              el('abbr', { title: 'Captured by the winner (routed units only)' }, 'C'),
            )
          : null,
        isLoser ? el('th', { scope: 'col' }, el('abbr', { title: 'Destroyed in pursuit' }, 'P')) : null,
      ];
      const box = (
        row: number,
        name: string,
        kind: 'destroyed' | 'routed' | 'captured' | 'pursued',
        checked: boolean,
      ) =>
        el(
          'td',
          { class: 'box' },
          el('input', {
            type: 'checkbox',
            checked,
            disabled: applied,
            'aria-label': `${kind[0]!.toUpperCase()}${kind.slice(1)}: ${name}`,
            'data-focus': `${kind}-${i}-${row}`,
            onchange: (e: Event) => {
              state.selection = toggle(
                p,
                state.selection!,
                i,
                row,
                kind,
                (e.target as HTMLInputElement).checked,
              );
              redraw(() => renderResult(p));
              const [ta, tb] = totals(p, state.selection);
              announce(
                `${p.sides[0].label}: destroyed ${ta.destroyed} of ${ta.destroyedTarget}, routed ${ta.routed} of ${ta.routedTarget}. ` +
                  `${p.sides[1].label}: destroyed ${tb.destroyed} of ${tb.destroyedTarget}, routed ${tb.routed} of ${tb.routedTarget}.`,
              );
            },
          }),
        );
      const rows = s.units.map((u) => {
        const fate = sel.fates[i].get(u.row);
        return el(
          'tr',
          { class: fate ?? (sel.pursued.has(u.row) ? 'pursued' : '') },
          el(
            'td',
            { class: 'unit-name' },
            u.name || '(no name)',
            u.type ? el('span', { class: 'note' }, ` ${u.type}`) : null,
          ),
          el('td', { class: 'num' }, u.value),
          box(u.row, u.name, 'destroyed', fate === 'destroyed'),
          box(u.row, u.name, 'routed', fate === 'routed'),
          isLoser ? box(u.row, u.name, 'captured', sel.captured.has(u.row)) : null,
          isLoser ? box(u.row, u.name, 'pursued', sel.pursued.has(u.row)) : null,
        );
      });
      const tot = t[i];
      const mark = (got: number, want: number) =>
        el('span', { class: got === want ? 'ok' : 'off' }, `${got} of ${want}`);
      return el(
        'div',
        { class: `casualties side-${i === 0 ? 'a' : 'b'}` },
        el(
          'h3',
          {},
          `${s.label}: ${r.rates[i]}% → ${r.points[i]} pts`,
          el('span', { class: 'note' }, ` (${r.destroyedPoints[i]} destroyed, ${r.routedPoints[i]} routed)`),
        ),
        el(
          'p',
          { class: 'running' },
          'Destroyed ',
          mark(tot.destroyed, tot.destroyedTarget),
          ' · routed ',
          mark(tot.routed, tot.routedTarget),
          isLoser && tot.captured ? ` · captured ${tot.captured}` : '',
          isLoser && tot.pursued ? ` · pursued ${tot.pursued}` : '',
        ),
        s.units.length
          ? el(
              'div',
              { class: 'table-scroll' },
              el(
                'table',
                { class: 'units' },
                el('thead', {}, el('tr', {}, ...head)),
                el('tbody', {}, ...rows),
              ),
            )
          : el('p', { class: 'note' }, 'No ready units.'),
      );
    };
    fill(
      ui.result,
      el(
        'p',
        { class: 'winner' },
        el('strong', {}, `${winner.label} wins`),
        ` by ${r.difference} (${a.label} ${r.totals[0]}, ${b.label} ${r.totals[1]})`,
      ),
      applied && state.appliedRow !== null
        ? el('p', { class: 'callout ok' }, `Applied to the roster: Log row ${state.appliedRow}.`)
        : applied
          ? el(
              'p',
              { class: 'callout' },
              'This battle is applied already (see the Log). Undo it to fight it again.',
            )
          : el(
              'p',
              { class: 'note' },
              'Suggested units are ticked; change them as you like. The loser’s routed units may be captured (C); the winner may destroy more of the loser’s units in pursuit (P).',
            ),
      sideTable(0),
      sideTable(1),
    );
  };

  // ---- Undo and apply

  const renderUndo = () => {
    const last = state.campaign?.lastEntry ?? null;
    ui.undoButton.disabled = !last || state.busy;
    ui.undoNote.textContent = last
      ? `Last: ${last.event}${last.battle ? ` “${last.battle}”` : ''} (Log row ${last.row})`
      : 'Nothing to undo.';
  };

  const busy = (on: boolean) => {
    state.busy = on;
    ui.applyButton.disabled = on;
    ui.saveButton.disabled = on;
    renderUndo();
  };

  const apply = async () => {
    const p = state.preview;
    if (!p?.result || !state.selection || !state.setup || state.busy) return;
    busy(true);
    say('Applying…');
    try {
      const response = await server.sidebarApply(applyRequest(state.setup, p, state.selection));
      if (response.ok) {
        state.appliedRow = response.logRow;
        setCampaign(response.state);
        say(response.message, 'ok');
      } else {
        say(response.message, 'error');
        if (response.code === 'stale' && response.preview) adoptPreview(response.preview);
      }
    } catch (e) {
      say(`Applying failed: ${(e as Error).message}`, 'error');
    } finally {
      busy(false);
      if (state.preview) renderOutput(null);
    }
  };

  const undo = async () => {
    if (state.busy) return;
    busy(true);
    say('Undoing…');
    try {
      const response = await server.sidebarUndo();
      if (response.ok) {
        state.appliedRow = null;
        setCampaign(response.state);
        say(response.message, 'ok');
        state.resultKey = '';
        refresh();
      } else say(response.message, 'error');
    } catch (e) {
      say(`Undo failed: ${(e as Error).message}`, 'error');
    } finally {
      busy(false);
    }
  };

  const save = async () => {
    if (!state.setup || state.busy) return;
    const problem = setupProblem(state.setup);
    if (problem) {
      say(problem, 'error');
      return;
    }
    busy(true);
    try {
      const response = await server.sidebarSave({ setup: state.setup });
      if (response.ok) {
        const setup = { ...state.setup, rows: response.rows };
        const battles = (state.campaign?.battles ?? []).filter(
          (x) => x.setup.name.trim().toLowerCase() !== setup.name.trim().toLowerCase(),
        );
        const old = listing(setup.name);
        battles.push({ setup, rolls: old?.rolls ?? [null, null], applied: old?.applied ?? false });
        state.picked = setup.name;
        setCampaign({ ...state.campaign!, battles });
        say(response.message, 'ok');
      } else say(response.message, 'error');
    } catch (e) {
      say(`Saving failed: ${(e as Error).message}`, 'error');
    } finally {
      busy(false);
    }
  };

  // ---- Wiring

  ui.battleSelect.addEventListener('change', () => pick(ui.battleSelect.value));
  ui.nameInput.addEventListener('input', () => {
    if (!state.setup || state.picked !== NEW) return;
    state.setup = { ...state.setup, name: ui.nameInput.value };
    refresh();
  });
  ui.saveButton.addEventListener('click', save);
  ui.applyButton.addEventListener('click', apply);
  ui.undoButton.addEventListener('click', undo);

  const boot = async () => {
    say('Reading the campaign…');
    try {
      const response = await server.sidebarLoad();
      if (!response.ok) {
        say(response.message, 'error');
        return;
      }
      start(response);
    } catch (e) {
      say(`The sidebar could not read the campaign: ${(e as Error).message}`, 'error');
    }
  };

  const start = (data: LoadData) => {
    state.catalogue = data.catalogue;
    say('');
    setCampaign(data.state);
    const first = data.state.battles.find((b) => !b.applied) ?? data.state.battles[0];
    pick(first ? first.setup.name : NEW);
  };

  boot();
}
