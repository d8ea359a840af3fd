// Data validation and conditional format rules as SpreadsheetApp builds them, and which values pass a rule.
import { describe, expect, it } from 'vitest';
import { EmulatedRange, EmulatedSheet, Workbook } from '../../../dev/gas';
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
    const model = wb.addSheet('Rolls');
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

describe('a script’s write into validated cells', () => {
  const setUp = (allowInvalid: boolean) => {
    const wb = new Workbook();
    const model = wb.addSheet('Rolls', { rows: 10, columns: 3 });
    const sheet = new EmulatedSheet(wb, model);
    const roll = new DataValidationBuilder()
      .requireNumberBetween(1, 100)
      .setAllowInvalid(allowInvalid)
      .build();
    sheet.getRange('B2:B5').setDataValidation(roll);
    return { wb, sheet };
  };

  it('a reject rule refuses setValues with Google’s message, and nothing of the call is written', () => {
    const { wb, sheet } = setUp(false);
    expect(() =>
      sheet.getRange('A3:B4').setValues([
        ['x', 40],
        ['y', 0],
      ]),
    ).toThrow('The data you entered in cell B4 violates the data validation rules set on this cell.');
    expect(wb.read('Rolls', 'A3:B4')).toEqual([
      ['', ''],
      ['', ''],
    ]);
    sheet.getRange('A3:B4').setValues([
      ['x', 40],
      ['y', ''],
    ]);
    expect(wb.read('Rolls', 'A3:B4')).toEqual([
      ['x', 40],
      ['y', ''],
    ]);
  });

  it('reads text as Sheets would store it: "57" is the number, "\'0" the text', () => {
    const { wb, sheet } = setUp(false);
    sheet.getRange('B2').setValues([['57']]);
    expect(wb.read('Rolls', 'B2')).toEqual([[57]]);
    expect(() => sheet.getRange('B2').setValues([["'0"]])).toThrow('cell B2 violates');
    expect(() => sheet.getRange('B2').setValues([[true]])).toThrow('cell B2 violates');
  });

  it('a reject rule refuses RangeList.setValue the same way, whole', () => {
    const { wb, sheet } = setUp(false);
    expect(() => sheet.getRangeList(['A2', 'B3']).setValue(101)).toThrow(
      'The data you entered in cell B3 violates the data validation rules set on this cell.',
    );
    expect(wb.read('Rolls', 'A2:B3')).toEqual([
      ['', ''],
      ['', ''],
    ]);
  });

  it('a warning rule lets the write through', () => {
    const { wb, sheet } = setUp(true);
    sheet.getRange('B2:B3').setValues([[0], [2.5]]);
    sheet.getRangeList(['B4']).setValue('many');
    expect(wb.read('Rolls', 'B2:B4')).toEqual([[0], [2.5], ['many']]);
  });

  it('a custom formula is worked out at each cell, moved from the rule’s first cell', () => {
    const wb = new Workbook();
    const model = wb.addSheet('Units', { rows: 10, columns: 3 });
    const sheet = new EmulatedSheet(wb, model);
    const whole = new DataValidationBuilder()
      .requireFormulaSatisfied('=AND(ISNUMBER(C2),C2=INT(C2),C2>=0,C2<=$A$1)')
      .setAllowInvalid(false)
      .build();
    wb.put('Units', 'A1', [[10]]);
    sheet.getRange('C2:C9').setDataValidation(whole);
    const passes = (row: number, value: unknown) => wb.passesRule(model, row - 1, 2, value);
    expect([0, 10, 11, -1, 2.5, 'x', true, ''].map((v) => passes(7, v))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    sheet.getRange('C9').setValues([[3]]);
    expect(() => sheet.getRange('C8').setValues([[3.5]])).toThrow(
      'The data you entered in cell C8 violates the data validation rules set on this cell.',
    );
    expect(sheet.getRange('C5').getDataValidations()[0]?.[0]?.getCriteriaValues()).toEqual([
      '=AND(ISNUMBER(C2),C2=INT(C2),C2>=0,C2<=$A$1)',
    ]);
  });
});

describe('a cell’s size', () => {
  it('holds 50,000 characters; setValues or RangeList.setValue of more is refused with Sheets’ message, whole', () => {
    const wb = new Workbook();
    const model = wb.addSheet('Log', { rows: 5, columns: 2 });
    const sheet = new EmulatedSheet(wb, model);
    const full = 'x'.repeat(50_000);
    sheet.getRange('A1:B1').setValues([['kept', full]]);
    expect(wb.read('Log', 'B1')).toEqual([[full]]);
    const refused = 'Your input contains more than the maximum of 50000 characters in a single cell.';
    expect(() => sheet.getRange('A2:B2').setValues([['lost', `${full}y`]])).toThrow(refused);
    expect(() => sheet.getRangeList(['A3', 'B4']).setValue(`${full}y`)).toThrow(refused);
    expect(wb.read('Log', 'A2:B4')).toEqual([
      ['', ''],
      ['', ''],
      ['', ''],
    ]);
  });
});
