// A RangeList as Apps Script gives it to the product: several ranges of one sheet written by one call, so that a
// write of scattered cells with the same value (a battle's losses) is one round trip, not one per cell. The call
// is counted once and may be made to fail; when it fails nothing of it is written.
import type { RangeApi, RangeListApi } from '../../src/sheets/gas';
import { type Box, boxA1 } from './a1';
import { EmulatedRange } from './range';
import type { SheetModel, Workbook } from './workbook';

export class EmulatedRangeList implements RangeListApi {
  constructor(
    private readonly wb: Workbook,
    private readonly model: SheetModel,
    readonly boxes: readonly Box[],
  ) {}

  private track(method: string): void {
    this.wb.track(method, this.model.name, this.boxes.map(boxA1).join(','), 'RangeList');
  }

  getRanges(): RangeApi[] {
    this.track('getRanges');
    return this.wb.realm.clone(this.boxes.map((box) => new EmulatedRange(this.wb, this.model, box)));
  }

  setValue(value: unknown): RangeListApi {
    this.track('setValue');
    for (const box of this.boxes) this.wb.refuseInvalid(this.model, box, () => value);
    // A box the user may not edit fails the call; the boxes before it, and its cells before the refused one,
    // are written first (the stricter reading: Google does not say).
    const people = this.wb.people;
    const refused = this.boxes.findIndex((box) => people.firstRefused(this.model, box, people.active));
    if (refused >= 0 && this.wb.behaviour.rangeListAllOrNothing) {
      this.wb.refuseProtected(this.model, this.boxes[refused] as Box);
    }
    if (refused >= 0) {
      if (refused > 0) this.wb.writeBoxes(this.model, this.boxes.slice(0, refused), value);
      this.wb.refuseProtected(this.model, this.boxes[refused] as Box, (part) =>
        this.wb.writeBoxes(this.model, [part], value),
      );
    }
    this.wb.writeBoxes(this.model, this.boxes, value);
    return this;
  }
}
