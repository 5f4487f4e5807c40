/**
 * Unit numbers between the engine and a player. A player names units by the numbers their screen shows (the
 * terminal's and the page's own numbering, which leave out the units the player may not see); the systems'
 * command parsers take, and their texts write, the engine's indices. Shared by the terminal prompt and the web
 * page, so a command and a message mean the same in both.
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

/**
 * `line` with every "#N" (an engine unit index, as the systems write them) as the number `shownOf` gives the
 * player, or "#?" for a unit the player has not been shown (numbering it would tell that it exists).
 */
export function shownUnitText(line: string, shownOf: (engine: number) => number | undefined): string {
  return line.replace(/#(\d+)(?!\d)/g, (_, d: string) => {
    const n = shownOf(Number(d));
    return n === undefined ? '#?' : `#${n}`;
  });
}
