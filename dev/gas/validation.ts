// Data validation rules and conditional format rules, with their builders, as SpreadsheetApp makes them.
import type {
  ConditionalFormatRuleApi,
  ConditionalFormatRuleBuilderApi,
  DataValidationApi,
  DataValidationBuilderApi,
  RangeApi,
} from '../../src/sheets/gas';

type Criteria = GoogleAppsScript.Spreadsheet.DataValidationCriteria;

export const CRITERIA_NAMES = [
  'DATE_AFTER',
  'DATE_BEFORE',
  'DATE_BETWEEN',
  'DATE_EQUAL_TO',
  'DATE_IS_VALID_DATE',
  'DATE_NOT_BETWEEN',
  'DATE_ON_OR_AFTER',
  'DATE_ON_OR_BEFORE',
  'NUMBER_BETWEEN',
  'NUMBER_EQUAL_TO',
  'NUMBER_GREATER_THAN',
  'NUMBER_GREATER_THAN_OR_EQUAL_TO',
  'NUMBER_LESS_THAN',
  'NUMBER_LESS_THAN_OR_EQUAL_TO',
  'NUMBER_NOT_BETWEEN',
  'NUMBER_NOT_EQUAL_TO',
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EQUAL_TO',
  'TEXT_IS_VALID_EMAIL',
  'TEXT_IS_VALID_URL',
  'VALUE_IN_LIST',
  'VALUE_IN_RANGE',
  'CUSTOM_FORMULA',
  'CHECKBOX',
] as const;

export type CriteriaName = (typeof CRITERIA_NAMES)[number];

/**
 * SpreadsheetApp.DataValidationCriteria. Google's enum values print as their names; here they are the names,
 * so `rule.getCriteriaType() === SpreadsheetApp.DataValidationCriteria.CHECKBOX` and `String(type)` both work.
 */
export const DataValidationCriteria = Object.freeze(
  Object.fromEntries(CRITERIA_NAMES.map((n) => [n, n])),
) as unknown as typeof GoogleAppsScript.Spreadsheet.DataValidationCriteria;

/** A rule as stored in a cell and in a snapshot. */
export interface ValidationSpec {
  criteria: CriteriaName;
  values: unknown[];
  allowInvalid: boolean;
  helpText: string | null;
  /**
   * A custom formula's cell relative to the rule's first cell: a rule set on a range reads its formula as
   * written at the range's first cell, moved for each other cell as a fill would move it.
   */
  offset?: [rows: number, cols: number];
}

export class DataValidation implements DataValidationApi {
  constructor(readonly spec: ValidationSpec) {}

  getCriteriaType(): Criteria {
    return this.spec.criteria as unknown as Criteria;
  }

  getCriteriaValues(): unknown[] {
    return this.spec.values.map((v) => (Array.isArray(v) ? [...v] : v));
  }

  getHelpText(): string | null {
    return this.spec.helpText;
  }

  getAllowInvalid(): boolean {
    return this.spec.allowInvalid;
  }

  copy(): DataValidationBuilder {
    return new DataValidationBuilder({ ...this.spec, values: this.getCriteriaValues() });
  }
}

export class DataValidationBuilder implements DataValidationBuilderApi {
  private spec: ValidationSpec;
  private chosen: boolean;

  /** `track` counts each builder call (each is a call into Google's service, as the bench prices it). */
  constructor(
    spec?: ValidationSpec,
    private readonly track: (method: string) => void = () => {},
  ) {
    this.spec = spec ?? { criteria: 'CHECKBOX', values: [], allowInvalid: true, helpText: null };
    this.chosen = spec !== undefined;
  }

  private require(criteria: CriteriaName, values: unknown[]): this {
    this.spec = { ...this.spec, criteria, values };
    this.chosen = true;
    return this;
  }

  requireCheckbox(): DataValidationBuilderApi {
    this.track('requireCheckbox');
    return this.require('CHECKBOX', []);
  }

  requireValueInList(values: string[], showDropdown = true): DataValidationBuilderApi {
    this.track('requireValueInList');
    return this.require('VALUE_IN_LIST', [[...values], showDropdown]);
  }

  requireNumberBetween(start: number, end: number): DataValidationBuilderApi {
    this.track('requireNumberBetween');
    return this.require('NUMBER_BETWEEN', [start, end]);
  }

  requireNumberGreaterThanOrEqualTo(number: number): DataValidationBuilderApi {
    this.track('requireNumberGreaterThanOrEqualTo');
    return this.require('NUMBER_GREATER_THAN_OR_EQUAL_TO', [number]);
  }

  requireFormulaSatisfied(formula: string): DataValidationBuilderApi {
    this.track('requireFormulaSatisfied');
    return this.require('CUSTOM_FORMULA', [String(formula)]);
  }

  setAllowInvalid(allowInvalidData: boolean): DataValidationBuilderApi {
    this.track('setAllowInvalid');
    this.spec = { ...this.spec, allowInvalid: allowInvalidData };
    return this;
  }

  setHelpText(helpText: string): DataValidationBuilderApi {
    this.track('setHelpText');
    this.spec = { ...this.spec, helpText };
    return this;
  }

  build(): DataValidationApi {
    this.track('build');
    if (!this.chosen) throw new Error('You must specify a data validation criteria before building.');
    return new DataValidation({ ...this.spec, values: [...this.spec.values] });
  }
}

/** The options of a VALUE_IN_LIST rule, as its dropdown shows them. */
export function listOptions(spec: ValidationSpec): string[] {
  const [list] = spec.values;
  if (!Array.isArray(list)) {
    throw new Error(`A ${spec.criteria} rule holds its options as a list first, not ${JSON.stringify(list)}`);
  }
  return list.map(String);
}

/** The nth value of a number rule (NUMBER_BETWEEN 1, 10: 0 is 1, 1 is 10). */
function bound(spec: ValidationSpec, index: number): number {
  const v = spec.values[index];
  if (typeof v !== 'number') {
    throw new Error(`A ${spec.criteria} rule needs a number as value ${index + 1}, not ${JSON.stringify(v)}`);
  }
  return v;
}

/**
 * Whether a value passes a rule (the playground refuses invalid input when the rule says so). A custom formula
 * needs the sheet: `custom` evaluates it for the value (Workbook.passesRule); without it any value passes.
 */
export function isValid(
  spec: ValidationSpec,
  value: unknown,
  custom?: (formula: string) => boolean,
): boolean {
  if (value === '' || value === null || value === undefined) return true;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  switch (spec.criteria) {
    case 'CHECKBOX':
      return typeof value === 'boolean';
    case 'VALUE_IN_LIST':
      return listOptions(spec).includes(String(value));
    case 'NUMBER_BETWEEN':
      return n >= bound(spec, 0) && n <= bound(spec, 1);
    case 'NUMBER_NOT_BETWEEN':
      return n < bound(spec, 0) || n > bound(spec, 1);
    case 'NUMBER_GREATER_THAN_OR_EQUAL_TO':
      return n >= bound(spec, 0);
    case 'NUMBER_GREATER_THAN':
      return n > bound(spec, 0);
    case 'NUMBER_LESS_THAN_OR_EQUAL_TO':
      return n <= bound(spec, 0);
    case 'NUMBER_LESS_THAN':
      return n < bound(spec, 0);
    case 'NUMBER_EQUAL_TO':
      return n === bound(spec, 0);
    case 'CUSTOM_FORMULA':
      return custom === undefined || custom(String(spec.values[0]));
    default:
      return true;
  }
}

/** A conditional format rule as stored on a sheet and in a snapshot (ranges in A1 notation). */
export interface ConditionalRuleSpec {
  formula: string | null;
  background: string | null;
  fontColor: string | null;
  ranges: string[];
}

/** A rule's condition: here always a custom formula (whenFormulaSatisfied). */
export class BooleanCondition {
  constructor(private readonly formula: string) {}

  getCriteriaType(): GoogleAppsScript.Spreadsheet.BooleanCriteria {
    return 'CUSTOM_FORMULA' as unknown as GoogleAppsScript.Spreadsheet.BooleanCriteria;
  }

  getCriteriaValues(): unknown[] {
    return [this.formula];
  }
}

export class ConditionalFormatRule implements ConditionalFormatRuleApi {
  constructor(
    readonly spec: ConditionalRuleSpec,
    private readonly rangeObjects: RangeApi[],
  ) {}

  getRanges(): RangeApi[] {
    return [...this.rangeObjects];
  }

  getBooleanCondition(): BooleanCondition | null {
    return this.spec.formula === null ? null : new BooleanCondition(this.spec.formula);
  }
}

export class ConditionalFormatRuleBuilder implements ConditionalFormatRuleBuilderApi {
  private formula: string | null = null;
  private background: string | null = null;
  private fontColor: string | null = null;
  private ranges: RangeApi[] = [];

  whenFormulaSatisfied(formula: string): ConditionalFormatRuleBuilderApi {
    this.formula = formula;
    return this;
  }

  setBackground(color: string | null): ConditionalFormatRuleBuilderApi {
    this.background = color;
    return this;
  }

  setFontColor(color: string | null): ConditionalFormatRuleBuilderApi {
    this.fontColor = color;
    return this;
  }

  setRanges(ranges: RangeApi[]): ConditionalFormatRuleBuilderApi {
    this.ranges = [...ranges];
    return this;
  }

  build(): ConditionalFormatRuleApi {
    const spec: ConditionalRuleSpec = {
      formula: this.formula,
      background: this.background,
      fontColor: this.fontColor,
      // The emulated range's own A1 (not counted as a call the product made).
      ranges: this.ranges.map(
        (r) => (r as { uncountedA1?: () => string }).uncountedA1?.() ?? r.getA1Notation(),
      ),
    };
    return new ConditionalFormatRule(spec, this.ranges);
  }
}
