// Fingerprints: a write compares what it reads now with what the sidebar was shown, and refuses on a change.

/** A 53-bit string hash (cyrb53) as 14 hex digits: fingerprints and name checks, not security. */
export function hash(s: string): string {
  // Math.imul read once: a global read per character is what a hot loop pays most for in a script's global scope.
  const imul = Math.imul;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = imul(h1 ^ ch, 2654435761);
    h2 = imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return n.toString(16).padStart(14, '0');
}
