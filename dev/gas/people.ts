// Who uses the spreadsheet, and what Sheets lets each one change: the owner, the people it is shared with for
// editing, the active user a test chooses (actAs), and the protections on ranges and sheets. A cell is editable
// by a user when every protection covering it lets them (Google: "If a cell is protected by multiple protected
// ranges and any of them prevent a particular user from editing the cell, then that user is not permitted to
// edit the cell"); the owner edits everything; a warning-only protection lets everyone edit ("every user can
// edit data in the area, except editing prompts a warning").
import type { Box } from './a1';
import type { SheetModel } from './sheet-model';

/** Google's refusal of an edit, by hand or by a script, into a cell the user may not edit. */
export const PROTECTED_MESSAGE =
  'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';

/** What Google says to a user who may not change a protection (not documented word for word). */
export const NO_PERMISSION_MESSAGE = 'You do not have permission to perform that action.';

export type ProtectionKind = 'RANGE' | 'SHEET';

export interface ProtectionModel {
  readonly id: number;
  readonly type: ProtectionKind;
  readonly sheet: SheetModel;
  /** The protected range (a RANGE protection); a SHEET protection covers the whole sheet. */
  box: Box | undefined;
  description: string;
  /**
   * Who may edit, besides the owner. Null until the script first changes the editors: Google says the
   * permissions then "mirror those of the spreadsheet itself", so everyone who may edit the spreadsheet may.
   */
  editors: string[] | null;
  domainEdit: boolean;
  warningOnly: boolean;
  /** Ranges a SHEET protection leaves unprotected. */
  unprotected: Box[];
}

/** A protection as a snapshot keeps it. */
export interface ProtectionSnapshot {
  type: ProtectionKind;
  sheet: string;
  range?: Box;
  description: string;
  editors: string[] | null;
  domainEdit: boolean;
  warningOnly: boolean;
  unprotected: Box[];
}

export interface PeopleSnapshot {
  owner: string;
  editors: string[];
  domain: string | null;
}

const key = (email: string) => email.trim().toLowerCase();

const inBox = (box: Box, row0: number, col0: number) =>
  row0 >= box.row - 1 &&
  row0 < box.row - 1 + box.numRows &&
  col0 >= box.col - 1 &&
  col0 < box.col - 1 + box.numCols;

export class People {
  /** The owner: edits every cell, whatever the protections. */
  owner = 'owner@example.com';
  /** Everyone else the spreadsheet is shared with for editing (actAs adds the person acting). */
  readonly editors = new Set<string>();
  /** The Google Workspace domain that owns the spreadsheet; null for a consumer (gmail) account. */
  domain: string | null = null;
  /** The user of the running execution (the one who clicked). */
  active = this.owner;
  /** People whose email Google does not give the script (Session answers a blank email). */
  readonly hiddenEmails = new Set<string>();
  readonly protections: ProtectionModel[] = [];
  private nextId = 1;

  /** Makes `email` the active user (shared with them for editing, as a person who can open the sidebar is). */
  actAs(email: string, options: { emailHidden?: boolean } = {}): void {
    const who = key(email);
    if (who === '') throw new Error('actAs needs an email: use { emailHidden: true } for a blank one');
    this.active = who;
    if (who !== key(this.owner)) this.editors.add(who);
    if (options.emailHidden) this.hiddenEmails.add(who);
    else this.hiddenEmails.delete(who);
  }

  /** The email Session gives the script for the active user ("" when Google gives none). */
  activeEmail(): string {
    return this.hiddenEmails.has(this.active) ? '' : this.active;
  }

  isOwner(user: string): boolean {
    return key(user) === key(this.owner);
  }

  /** Whether the user may edit the spreadsheet at all. */
  mayEditSpreadsheet(user: string): boolean {
    return this.isOwner(user) || this.editors.has(key(user));
  }

  add(type: ProtectionKind, sheet: SheetModel, box: Box | undefined): ProtectionModel {
    const p: ProtectionModel = {
      id: this.nextId++,
      type,
      sheet,
      box: box && { ...box },
      description: '',
      editors: null,
      domainEdit: false,
      warningOnly: false,
      unprotected: [],
    };
    this.protections.push(p);
    return p;
  }

  remove(p: ProtectionModel): void {
    const i = this.protections.indexOf(p);
    if (i >= 0) this.protections.splice(i, 1);
  }

  /** The editors as Google lists them: the owner and the spreadsheet's editors while the list mirrors them. */
  editorsOf(p: ProtectionModel): string[] {
    const listed = p.editors ?? [...this.editors];
    return [this.owner, ...listed.filter((e) => !this.isOwner(e))];
  }

  /** Whether the user may edit the protected area (Protection.canEdit; the owner always may). */
  canEdit(p: ProtectionModel, user: string): boolean {
    if (this.isOwner(user)) return true;
    if (!this.mayEditSpreadsheet(user)) return false;
    if (p.warningOnly) return true;
    if (p.editors === null) return true;
    if (p.editors.some((e) => key(e) === key(user))) return true;
    return p.domainEdit && this.domain !== null && key(user).endsWith(`@${this.domain.toLowerCase()}`);
  }

  /** The protections over a cell (a sheet protection's unprotected ranges excepted). */
  covering(model: SheetModel, row0: number, col0: number): ProtectionModel[] {
    return this.protections.filter(
      (p) =>
        p.sheet === model &&
        (p.box ? inBox(p.box, row0, col0) : !p.unprotected.some((u) => inBox(u, row0, col0))),
    );
  }

  /** Whether any protection over the cell refuses the user (warning-only ones never do). */
  refuses(model: SheetModel, row0: number, col0: number, user: string): boolean {
    if (this.isOwner(user)) return false;
    if (!this.mayEditSpreadsheet(user)) return true;
    return this.covering(model, row0, col0).some((p) => !this.canEdit(p, user));
  }

  /** The first cell of the box (row by row) the user may not edit, as [rowOffset, colOffset]; undefined if none. */
  firstRefused(model: SheetModel, box: Box, user: string): [number, number] | undefined {
    if (this.isOwner(user)) return undefined;
    const mine = this.protections.filter((p) => p.sheet === model);
    if (mine.length === 0 && this.mayEditSpreadsheet(user)) return undefined;
    for (let r = 0; r < box.numRows; r++) {
      for (let c = 0; c < box.numCols; c++) {
        if (this.refuses(model, box.row - 1 + r, box.col - 1 + c, user)) return [r, c];
      }
    }
    return undefined;
  }

  /** Whether the box is covered by a warning-only protection somewhere (a hand edit asks first). */
  warns(model: SheetModel, box: Box): boolean {
    return this.protections.some(
      (p) =>
        p.sheet === model &&
        p.warningOnly &&
        (p.box === undefined ||
          !(
            p.box.row > box.row + box.numRows - 1 ||
            p.box.row + p.box.numRows - 1 < box.row ||
            p.box.col > box.col + box.numCols - 1 ||
            p.box.col + p.box.numCols - 1 < box.col
          )),
    );
  }

  // ---- Structure: protected ranges move and grow with the rows and columns, as in Sheets.

  insertRows(model: SheetModel, after: number, howMany: number): void {
    for (const p of this.protections) {
      if (p.sheet !== model) continue;
      for (const box of p.box ? [p.box, ...p.unprotected] : p.unprotected)
        moveOnInsert(box, 'row', after, howMany);
    }
  }

  insertColumns(model: SheetModel, after: number, howMany: number): void {
    for (const p of this.protections) {
      if (p.sheet !== model) continue;
      for (const box of p.box ? [p.box, ...p.unprotected] : p.unprotected)
        moveOnInsert(box, 'col', after, howMany);
    }
  }

  /** Rows `position`..`position + howMany - 1` go: ranges shrink or move up; a range wholly deleted goes too. */
  deleteRows(model: SheetModel, position: number, howMany: number): void {
    for (const p of [...this.protections]) {
      if (p.sheet !== model) continue;
      if (p.box && !shrinkOnDelete(p.box, position, howMany)) this.remove(p);
      p.unprotected = p.unprotected.filter((u) => shrinkOnDelete(u, position, howMany));
    }
  }

  snapshot(): { people: PeopleSnapshot; protections: ProtectionSnapshot[] } {
    return {
      people: { owner: this.owner, editors: [...this.editors], domain: this.domain },
      protections: this.protections.map((p) => ({
        type: p.type,
        sheet: p.sheet.name,
        ...(p.box ? { range: { ...p.box } } : {}),
        description: p.description,
        editors: p.editors && [...p.editors],
        domainEdit: p.domainEdit,
        warningOnly: p.warningOnly,
        unprotected: p.unprotected.map((u) => ({ ...u })),
      })),
    };
  }

  restore(
    people: PeopleSnapshot | undefined,
    protections: ProtectionSnapshot[] | undefined,
    sheetOf: (name: string) => SheetModel,
  ): void {
    if (people) {
      this.owner = people.owner;
      this.active = key(people.owner);
      this.editors.clear();
      for (const e of people.editors) this.editors.add(key(e));
      this.domain = people.domain;
    }
    this.protections.length = 0;
    for (const s of protections ?? []) {
      const p = this.add(s.type, sheetOf(s.sheet), s.range);
      p.description = s.description;
      p.editors = s.editors && [...s.editors];
      p.domainEdit = s.domainEdit;
      p.warningOnly = s.warningOnly;
      p.unprotected = s.unprotected.map((u) => ({ ...u }));
    }
  }
}

function moveOnInsert(box: Box, axis: 'row' | 'col', after: number, howMany: number): void {
  const size = axis === 'row' ? 'numRows' : 'numCols';
  const first = box[axis];
  const last = first + box[size] - 1;
  if (first > after) box[axis] += howMany;
  else if (after < last) box[size] += howMany; // inserted inside: the range grows
}

/** Shrinks a box for deleted rows; false when none of its rows is left. */
function shrinkOnDelete(box: Box, position: number, howMany: number): boolean {
  const first = box.row;
  const last = box.row + box.numRows - 1;
  const delFirst = position;
  const delLast = position + howMany - 1;
  if (delLast < first) {
    box.row -= howMany;
    return true;
  }
  if (delFirst > last) return true;
  const kept = box.numRows - (Math.min(last, delLast) - Math.max(first, delFirst) + 1);
  if (kept <= 0) return false;
  box.row = Math.min(first, delFirst);
  box.numRows = kept;
  return true;
}
