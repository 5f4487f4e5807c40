/** A short stable digest of a state's text form, for game records (LoadedScenario.stateHash): two 32-bit FNV-style hashes. */
export function textDigest(text: string): string {
  let h1 = 0x811c9dc5,
    h2 = 0x01000193;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    h1 = Math.imul(h1 ^ c, 16777619);
    h2 = Math.imul(h2 ^ c, 2246822519);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
