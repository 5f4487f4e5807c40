/**
 * Unit numbers in a typed command. A player names units by the numbers their screen shows (the terminal's and
 * the page's own numbering, which leave out the units the player may not see); the systems' command parsers
 * take the engine's indices. Shared by the terminal prompt and the web page, so a command means the same in both.
 */

/**
 * The command's words with each unit number (1 to 3 digits, or #N, alone or in a comma-separated group) as the
 * engine's index `engineOf` gives (it throws InputError for a number no unit has); hex labels (4 or 6 digits)
 * and other words stay as they are.
 */
export function engineUnitWords(words: readonly string[], engineOf: (shown: number) => number): string[] {
  return words.map((w) =>
    w
      .split(',')
      .map((part) => (/^#?\d{1,3}$/.test(part) ? String(engineOf(Number(part.replace('#', '')))) : part))
      .join(','),
  );
}
