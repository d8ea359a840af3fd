// PropertiesService.getDocumentProperties(): the document's key-value store, kept in the workbook (and in its
// snapshot, so the playground keeps it), held to Google's documented quotas: 9 KB a value, 500 KB a store.
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
export function documentProperties(wb: Workbook): EmulatedProperties {
  const store = wb.properties;
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
      return store.get(keyOf(key, 'getProperty')) ?? null;
    },
    getProperties() {
      track('getProperties');
      return wb.realm.clone(Object.fromEntries(store));
    },
    setProperty(key, value) {
      track('setProperty');
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
      store.delete(keyOf(key, 'deleteProperty'));
      return properties;
    },
  };
  return properties;
}
