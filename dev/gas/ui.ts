// What a person sees of a script bound to a spreadsheet: HtmlOutput, the menus it adds, its sidebar and dialog,
// and its alerts (SpreadsheetApp.getUi()), each recorded on the workbook's ui.
import type { HtmlOutputApi, MenuApi, UiApi } from '../../src/sheets/gas';
import type { MenuRecord, Workbook } from './workbook';

export class HtmlOutput implements HtmlOutputApi {
  private title = '';
  private width?: number;
  private height?: number;

  constructor(private content: string) {}

  getContent(): string {
    return this.content;
  }

  setContent(content: string): HtmlOutput {
    this.content = content;
    return this;
  }

  append(addedContent: string): HtmlOutput {
    this.content += addedContent;
    return this;
  }

  /** Meta tags as Google puts them in the page it serves (the viewport of a web app). */
  readonly metaTags: { name: string; content: string }[] = [];

  addMetaTag(name: string, content: string): HtmlOutput {
    this.metaTags.push({ name: String(name), content: String(content) });
    return this;
  }

  setTitle(title: string): HtmlOutputApi {
    this.title = title;
    return this;
  }

  getTitle(): string {
    return this.title;
  }

  setWidth(width: number): HtmlOutputApi {
    this.width = width;
    return this;
  }

  getWidth(): number | undefined {
    return this.width;
  }

  setHeight(height: number): HtmlOutputApi {
    this.height = height;
    return this;
  }

  getHeight(): number | undefined {
    return this.height;
  }
}

class Menu implements MenuApi {
  private readonly items: MenuRecord['items'] = [];

  constructor(
    private readonly wb: Workbook,
    private readonly caption: string,
  ) {}

  addItem(caption: string, functionName: string): MenuApi {
    this.items.push({ caption: String(caption), functionName: String(functionName) });
    return this;
  }

  addSeparator(): MenuApi {
    this.items.push({ separator: true });
    return this;
  }

  addToUi(): void {
    const menus = this.wb.ui.menus.filter((m) => m.caption !== this.caption);
    menus.push({ caption: this.caption, items: [...this.items] });
    this.wb.ui.menus = menus;
    this.wb.changed();
  }
}

/** Ui.Button and Ui.ButtonSet: the names, as Google's enum values print. */
const BUTTON = Object.freeze({
  CLOSE: 'CLOSE',
  OK: 'OK',
  CANCEL: 'CANCEL',
  YES: 'YES',
  NO: 'NO',
}) as unknown as typeof GoogleAppsScript.Base.Button;
const BUTTON_SET = Object.freeze({
  OK: 'OK',
  OK_CANCEL: 'OK_CANCEL',
  YES_NO: 'YES_NO',
  YES_NO_CANCEL: 'YES_NO_CANCEL',
}) as unknown as typeof GoogleAppsScript.Base.ButtonSet;

export class Ui implements UiApi {
  constructor(private readonly wb: Workbook) {}

  private check(method: string): void {
    this.wb.track(method, '', undefined, 'Ui');
    if (this.wb.inCustomFunction) {
      throw this.wb.realm.error(
        `You do not have permission to call Ui.${method}. Custom functions may only read.`,
      );
    }
  }

  createMenu(caption: string): MenuApi {
    this.check('createMenu');
    return new Menu(this.wb, String(caption));
  }

  showSidebar(userInterface: HtmlOutputApi): void {
    this.check('showSidebar');
    const out = userInterface as HtmlOutput;
    this.wb.ui.sidebar = {
      content: out.getContent(),
      title: out.getTitle?.() ?? '',
      ...(out.getWidth?.() !== undefined ? { width: out.getWidth() } : {}),
    };
    this.wb.changed();
  }

  showModalDialog(userInterface: HtmlOutputApi, title: string): void {
    this.check('showModalDialog');
    const out = userInterface as HtmlOutput;
    this.wb.ui.dialog = {
      content: out.getContent(),
      title: String(title),
      ...(out.getWidth?.() !== undefined ? { width: out.getWidth() } : {}),
      ...(out.getHeight?.() !== undefined ? { height: out.getHeight() } : {}),
    };
    this.wb.changed();
  }

  readonly Button = BUTTON;
  readonly ButtonSet = BUTTON_SET;

  /** An alert, or (title, prompt, buttons) a question: answered by the next of `ui.answers`, else closed. */
  alert(...args: unknown[]): GoogleAppsScript.Base.Button {
    this.check('alert');
    if (args.length >= 3) {
      this.wb.ui.alerts.push(`${String(args[0])}\n${String(args[1])}`);
      this.wb.changed();
      return (this.wb.ui.answers?.shift() ?? 'CLOSE') as unknown as GoogleAppsScript.Base.Button;
    }
    this.wb.ui.alerts.push(String(args[0]));
    this.wb.changed();
    return 'OK' as unknown as GoogleAppsScript.Base.Button;
  }
}
