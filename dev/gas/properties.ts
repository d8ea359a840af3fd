// PropertiesService.getDocumentProperties() and getUserProperties(): the document's key-value store and each
// user's, kept in the workbook (and in its snapshot, so the playground keeps them), held to Google's documented
// quotas: 9 KB a value, 500 KB a store.
import type { Workbook } from './workbook';

/** Google's quotas ("Properties value size 9kB / val", "Properties total storage 500kB / property store"). */
export const PROPERTY_VALUE_BYTES = 9 * 1024;
export const PROPERTY_STORE_BYTES = 500 * 1024;

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * What a store holds, counted as Google is silent on: the stricter reading, every key's and value's UTF-8 bytes
 * (not characters), the key too.
 */
export const storeBytes = (store: ReadonlyMap<string, string>): number =>
  [...store].reduce((n, [k, v]) => n + bytes(k) + bytes(v), 0);

export interface EmulatedProperties {
  getProperty(key: string): string | null;
  getProperties(): Record<string, string>;
  setProperty(key: string, value: string): EmulatedProperties;
  deleteProperty(key: string): EmulatedProperties;
}

/** The document's properties, each call counted (getProperty a read, setProperty a write) and open to faults. */
export const documentProperties = (wb: Workbook): EmulatedProperties =>
  propertyStore(wb, () => wb.properties);

/**
 * The user's properties: the store of the user the execution runs as (the active user; in a web app executing as
 * its deployer, the deployer: the owner deploys it), whoever's email Google hides from the script.
 */
export const userProperties = (wb: Workbook): EmulatedProperties =>
  propertyStore(wb, () => {
    const user = (wb.webApp.running ? wb.people.owner : wb.people.active).toLowerCase();
    let store = wb.userProperties.get(user);
    if (!store) {
      store = new Map();
      wb.userProperties.set(user, store);
    }
    return store;
  });

/** A property store, each call counted (getProperty a read, setProperty a write) and open to faults. */
function propertyStore(wb: Workbook, storeOf: () => Map<string, string>): EmulatedProperties {
  const track = (method: string) => wb.track(method, '', undefined, 'Properties');
  const keyOf = (key: unknown, method: string): string => {
    if (key === undefined || key === null) {
      throw wb.realm.error(
        `The parameters (null) don't match the method signature for Properties.${method}.`,
      );
    }
    return String(key);
  };
  const properties: EmulatedProperties = {
    getProperty(key) {
      track('getProperty');
      return storeOf().get(keyOf(key, 'getProperty')) ?? null;
    },
    getProperties() {
      track('getProperties');
      return wb.realm.clone(Object.fromEntries(storeOf()));
    },
    setProperty(key, value) {
      track('setProperty');
      const store = storeOf();
      const k = keyOf(key, 'setProperty');
      const v = String(value);
      if (bytes(v) > PROPERTY_VALUE_BYTES) throw wb.realm.error('Argument too large: value');
      const next = new Map(store);
      next.set(k, v);
      if (storeBytes(next) > PROPERTY_STORE_BYTES) {
        throw wb.realm.error(
          'You have exceeded the property storage quota. Please remove some properties and try again.',
        );
      }
      store.set(k, v);
      return properties;
    },
    deleteProperty(key) {
      track('deleteProperty');
      storeOf().delete(keyOf(key, 'deleteProperty'));
      return properties;
    },
  };
  return properties;
}
