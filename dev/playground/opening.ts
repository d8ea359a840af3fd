// The workbook the playground opens: the saved one, or else the sample campaign (a saved one it cannot use is set
// aside, never lost), with the Warcard menu onOpen builds. Saves after each action; a failed save is told on the
// page and the console, the change kept in memory.
import { type LoadedWorkbook, loadWorkbook, messageOf, type WorkbookSnapshot } from '../gas';
import { readDataFile, saveAtomically, setAside } from './data-file';

export interface OpenOptions {
  codePath: string;
  dataFile: string;
  /** Start from the sample again, whatever the data file holds. */
  reset: boolean;
  /** Start from an empty Sheet1 alone, as a new spreadsheet, whatever the data file holds. */
  empty?: boolean;
  print: (line: string) => void;
}

export interface OpenWorkbook {
  env: LoadedWorkbook;
  /** What the page should know from the start (a function Code.js lacks, a file set aside). */
  notes: string[];
  /** Writes the workbook to the data file now (throws when it cannot). */
  save(): void;
  /** Saves after an action: a failure becomes a toast and a console line. */
  persist(): void;
  /** Nobody reads the call counts or the script's log here: keeps them from growing. */
  forget(): void;
}

export function openWorkbook(options: OpenOptions): OpenWorkbook {
  const { codePath, dataFile, print } = options;
  const notes: string[] = [];
  const note = (line: string) => {
    notes.push(line);
    print(`note: ${line}`);
  };
  const load = (snapshot?: WorkbookSnapshot) =>
    loadWorkbook({ codePath, snapshot, log: (level, message) => print(`[script ${level}] ${message}`) });

  const saved = options.reset || options.empty ? { kind: 'none' as const } : readDataFile(dataFile);
  let snapshot: WorkbookSnapshot | undefined;
  let loaded: LoadedWorkbook | undefined;
  let setAsideWhy = saved.kind === 'unreadable' ? saved.why : undefined;
  if (saved.kind === 'json') {
    // restore() checks the format and every cell before it trusts the file.
    snapshot = saved.value as WorkbookSnapshot;
    try {
      loaded = load(snapshot);
    } catch (e) {
      loaded = load(); // throws when Code.js is at fault: the file stays where it is
      setAsideWhy = messageOf(e);
      snapshot = undefined;
    }
  }
  const asideMessage = setAsideWhy === undefined ? undefined : setAside(dataFile, setAsideWhy);
  if (asideMessage) note(asideMessage);
  const env = loaded ?? load();
  const wb = env.workbook;
  if (snapshot) {
    print(`Loaded the workbook from ${dataFile} (\`npm start -- --reset\` restores the sample).`);
  } else if (options.empty) {
    wb.addSheet('Sheet1');
    print('Started from an empty workbook (Sheet1 only): try Warcard → Set up campaign.');
  } else if (env.has('setUpSampleCampaign')) {
    env.run('setUpSampleCampaign');
    print('Created the sample campaign (setUpSampleCampaign).');
  } else {
    wb.addSheet('Sheet1');
    note('Code.js has no setUpSampleCampaign(): starting from an empty workbook with one sheet.');
  }
  for (const a of wb.ui.alerts.splice(0)) print(`[alert] ${a}`);
  for (const t of wb.ui.toasts.splice(0)) print(`[toast] ${t.title}: ${t.message}`);
  if (asideMessage) wb.ui.alerts.push(asideMessage); // the page shows it on opening
  if (env.has('onOpen')) env.run('onOpen', {});
  else note('Code.js has no onOpen(): no Warcard menu.');

  const save = () => saveAtomically(dataFile, JSON.stringify(wb.snapshot()));
  save();
  return {
    env,
    notes,
    save,
    persist: () => {
      try {
        save();
      } catch (e) {
        const message = `${messageOf(e)}. The change is kept while the playground runs; the next change saves again.`;
        print(`error: ${message}`);
        wb.ui.toasts.push({ title: 'Not saved', message });
      }
    },
    forget: () => {
      env.calls.reset();
      env.logs.length = 0;
    },
  };
}
