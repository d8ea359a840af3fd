// Data validation and conditional format rules as SpreadsheetApp builds them, and which values pass a rule.
import { describe, expect, it } from 'vitest';
import { EmulatedRange, Workbook } from '../../../dev/gas';
import {
  ConditionalFormatRule,
  ConditionalFormatRuleBuilder,
  DataValidationBuilder,
  DataValidationCriteria,
  isValid,
  listOptions,
  type ValidationSpec,
} from '../../../dev/gas/validation';

const rule = (criteria: ValidationSpec['criteria'], values: unknown[]): ValidationSpec => ({
  criteria,
  values,
  allowInvalid: false,
  helpText: null,
});

describe('DataValidationBuilder', () => {
  it('builds the rule it was given, read back as Google reads it', () => {
    const built = new DataValidationBuilder()
      .requireValueInList(['Hold', 'Trap'], false)
      .setAllowInvalid(false)
      .setHelpText('A plan')
      .build();
    expect([
      built.getCriteriaType(),
      built.getCriteriaValues(),
      built.getAllowInvalid(),
      built.getHelpText(),
    ]).toEqual(['VALUE_IN_LIST', [['Hold', 'Trap'], false], false, 'A plan']);
    expect(built.getCriteriaType()).toBe(DataValidationCriteria.VALUE_IN_LIST);
  });

  it('refuses to build without a criterion, as Google does', () => {
    expect(() => new DataValidationBuilder().setHelpText('x').build()).toThrow(
      'You must specify a data validation criteria before building.',
    );
  });

  it('copies: changing the copy leaves the rule as it was', () => {
    const first = new DataValidationBuilder().requireNumberBetween(1, 10).build();
    const second = new DataValidationBuilder().requireNumberBetween(1, 10).build();
    expect(first.getCriteriaValues()).toEqual([1, 10]);
    const values = first.getCriteriaValues();
    values.push(99);
    expect(first.getCriteriaValues()).toEqual([1, 10]);
    expect(second.getCriteriaValues()).toEqual([1, 10]);
  });
});

describe('isValid', () => {
  it.each([
    [rule('CHECKBOX', []), true, true],
    [rule('CHECKBOX', []), 'yes', false],
    [rule('VALUE_IN_LIST', [['Hold', 'Trap'], true]), 'Trap', true],
    [rule('VALUE_IN_LIST', [['Hold', 'Trap'], true]), 'trap', false],
    [rule('VALUE_IN_LIST', [[1, 2], true]), 2, true],
    [rule('NUMBER_BETWEEN', [1, 10]), 10, true],
    [rule('NUMBER_BETWEEN', [1, 10]), '11', false],
    [rule('NUMBER_BETWEEN', [1, 10]), 'ten', false],
    [rule('NUMBER_NOT_BETWEEN', [1, 10]), 0, true],
    [rule('NUMBER_GREATER_THAN_OR_EQUAL_TO', [0]), 0, true],
    [rule('NUMBER_GREATER_THAN_OR_EQUAL_TO', [0]), -1, false],
    [rule('NUMBER_GREATER_THAN', [0]), 0, false],
    [rule('NUMBER_LESS_THAN_OR_EQUAL_TO', [5]), 5, true],
    [rule('NUMBER_LESS_THAN', [5]), 5, false],
    [rule('NUMBER_EQUAL_TO', [3]), '3', true],
    [rule('TEXT_CONTAINS', ['x']), 'anything', true],
  ])('%j: %j passes %s', (spec, value, passes) => {
    expect(isValid(spec, value)).toBe(passes);
  });

  it('lets a blank cell pass any rule', () => {
    for (const blank of ['', null, undefined])
      expect(isValid(rule('NUMBER_BETWEEN', [1, 10]), blank)).toBe(true);
  });

  it('says what a rule lacks instead of passing or failing by accident', () => {
    expect(() => isValid(rule('NUMBER_BETWEEN', [1]), 5)).toThrow(
      'A NUMBER_BETWEEN rule needs a number as value 2, not undefined',
    );
    expect(() => listOptions(rule('VALUE_IN_LIST', ['Hold']))).toThrow(
      'A VALUE_IN_LIST rule holds its options as a list first, not "Hold"',
    );
    expect(listOptions(rule('VALUE_IN_LIST', [[1, 'Trap'], true]))).toEqual(['1', 'Trap']);
  });
});

describe('ConditionalFormatRuleBuilder', () => {
  it('keeps the formula, colours and ranges (as A1) it was given, without counting a call', () => {
    const wb = new Workbook();
    const model = wb.addSheet('Battles');
    const range = new EmulatedRange(wb, model, { row: 2, col: 2, numRows: 8, numCols: 1 });
    const built = new ConditionalFormatRuleBuilder()
      .whenFormulaSatisfied('=$B2>3')
      .setBackground('#fce8e6')
      .setFontColor(null)
      .setRanges([range])
      .build();
    expect(built.getBooleanCondition()?.getCriteriaValues()).toEqual(['=$B2>3']);
    expect(built.getRanges()).toEqual([range]);
    expect(built).toBeInstanceOf(ConditionalFormatRule);
    expect(built instanceof ConditionalFormatRule && built.spec).toEqual({
      formula: '=$B2>3',
      background: '#fce8e6',
      fontColor: null,
      ranges: ['B2:B9'],
    });
    expect(wb.calls.total).toBe(0);
  });
});
