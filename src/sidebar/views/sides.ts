// The two sides' sections: each side's form (built once per campaign), its title line (name, defends, armies) and
// battle value, and which of them stand open when a battle is picked.
import type { OpenedCampaign } from '../../contract/campaign';
import { nameKey } from '../../rules';
import { sideName } from '../battle-setup';
import type { Controller } from '../controller';
import type { Preview } from '../preview-model';
import { isApplied, type State } from '../state';
import { createSideForm, type SideForm } from './side-form';
import { sealedSides } from '../sealing';
import { createSealPanel } from './seal-panel';

export interface SidesUi {
  readonly sides: readonly [HTMLElement, HTMLElement];
  readonly sideTitles: readonly [HTMLElement, HTMLElement];
  readonly sideBvs: readonly [HTMLElement, HTMLElement];
  readonly sideDetails: readonly [HTMLDetailsElement, HTMLDetailsElement];
}

export interface Sides {
  /** `p`: the battle's preview as worked out now, if it is. */
  sync(s: State, prev: State | null, p: Preview | null): void;
}

export function createSides(ui: SidesUi, controller: Controller): Sides {
  let forms: [SideForm, SideForm] | null = null;
  let formsFor: OpenedCampaign | null = null;
  // Each side's sealed plan, under its form (seal-panel.ts).
  const seals = [createSealPanel(0, controller), createSealPanel(1, controller)] as const;
  const sync = (s: State, prev: State | null, p: Preview | null) => {
    const { campaign, catalogue } = s;
    if (campaign && catalogue && campaign !== formsFor) {
      formsFor = campaign;
      const made: [SideForm, SideForm] = [
        createSideForm(0, catalogue, campaign.data.armies, controller),
        createSideForm(1, catalogue, campaign.data.armies, controller),
      ];
      forms = made;
      ui.sides[0].replaceChildren(made[0].element, seals[0].element);
      ui.sides[1].replaceChildren(made[1].element, seals[1].element);
    }
    const applied = isApplied(s);
    for (const f of forms ?? []) f.sync(s.setup, applied, s.fieldProblems);
    for (const panel of seals) panel.sync(s);
    // A battle picked opens only the sides still to set up (no army, or an army not in the roster): once both
    // are chosen the set-up folds, and the next step is in view. A summary click opens a side again.
    if (!prev || (s.picks !== prev.picks && (s.picked !== prev.picked || !prev.campaign))) {
      const known = new Set((s.campaign?.data.armies ?? []).map((a) => nameKey(a.name)));
      ui.sideDetails.forEach((d, i) => {
        const armies = s.setup.sides[i]?.armies ?? [];
        d.open = armies.length === 0 || armies.some((a) => !known.has(nameKey(a)));
      });
    }
    for (const i of [0, 1] as const) {
      const side = s.setup.sides[i];
      const name = sideName(s.setup, i);
      const armies = side.armies.length ? side.armies.join(', ') : 'no army yet';
      const sealed = sealedSides(s).includes(i) ? ', plan sealed' : '';
      const defends = `${side.circumstances.defender ? ', defends' : ''}${sealed}`;
      ui.sideTitles[i].textContent = armies === name ? `${name}${defends}` : `${name}${defends}: ${armies}`;
      ui.sideBvs[i].textContent = p ? `BV ${p.sides[i].battleValue}` : '';
    }
  };
  return { sync };
}
