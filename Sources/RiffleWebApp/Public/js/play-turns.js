// Whose turn it is, as the Play view shows it: the cue in the dock ("Your turn"), the line on the felt for everyone,
// and, under strict turns, why this player may not play now. Plain data in, plain data out (node --test checks it).

/**
 * The turn as this player sees it.
 * @param {object} roster play-roster.js's roster (`knows.turns`, `turn`, `strictTurns`).
 * @param {string|null} me this player's name (null for a spectator).
 * @param {(name: string) => string} nameOf a player's display name.
 * @returns {{ known: boolean, mine: boolean, text: string|null, blocked: string|null }} `text` is the cue ("Your
 *   turn", "Bo's turn", "Nobody has the turn"), `blocked` says why a card may not be played now (strict turns and
 *   another's turn: "It is Bo's turn."), else null.
 */
export function turnCue(roster, me, nameOf = (name) => name) {
  if (!roster || !roster.knows || !roster.knows.turns) return { known: false, mine: false, text: null, blocked: null };
  const holder = roster.turn;
  if (!holder) return { known: true, mine: false, text: 'Nobody has the turn', blocked: null };
  if (me && holder === me) return { known: true, mine: true, text: 'Your turn', blocked: null };
  const name = nameOf(holder);
  const blocked = roster.strictTurns && me ? `It is ${name}'s turn.` : null;
  return { known: true, mine: false, text: `${name}'s turn`, blocked };
}
