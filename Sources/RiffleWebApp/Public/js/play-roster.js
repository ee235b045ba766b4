// Who sits at a live table, as plain data: the players in seat order with their display names and whether they are
// online, the host, and the turn marker. It comes from the event stream (`hello` and `resync` carry it; other events
// carry `players`, `host`, `turn` or `strict_turns` when they changed them). A server without presence, display
// names or turns sends `players` as plain names (or not at all): the roster then says what it knows, and `knows`
// tells the view which features to show.

/** An empty roster: nobody known yet. */
export function emptyRoster() {
  return { players: [], host: null, turn: null, strictTurns: false, knows: { names: false, presence: false, turns: false, host: false } };
}

/**
 * The roster after an event's data (a new object; `roster` is left as it was). Players given as strings are names
 * only; as objects they carry `display_name`, `online` and `seat`.
 */
export function updateRoster(roster, data, kind = null) {
  const next = { ...roster, players: roster.players.map((player) => ({ ...player })), knows: { ...roster.knows } };
  if (Array.isArray(data.players)) {
    next.players = data.players.map((entry, index) => {
      if (typeof entry === 'string') {
        const earlier = roster.players.find((player) => player.name === entry);
        return { name: entry, displayName: earlier ? earlier.displayName : entry, online: earlier ? earlier.online : null, seat: index };
      }
      if (typeof entry.display_name === 'string') next.knows.names = true;
      if (typeof entry.online === 'boolean') next.knows.presence = true;
      return {
        name: entry.name,
        displayName: typeof entry.display_name === 'string' && entry.display_name ? entry.display_name : entry.name,
        online: typeof entry.online === 'boolean' ? entry.online : null,
        seat: typeof entry.seat === 'number' ? entry.seat : index,
      };
    });
  }
  if (kind === 'presence' && typeof data.player === 'string' && typeof data.online === 'boolean') {
    next.knows.presence = true;
    const player = next.players.find((entry) => entry.name === data.player);
    if (player) player.online = data.online;
  }
  if (kind === 'rename' && typeof data.player === 'string' && typeof data.display_name === 'string') {
    const player = next.players.find((entry) => entry.name === data.player);
    if (player) player.displayName = data.display_name;
  }
  // A server that names the host says who it is (the host keeps hosting when the seats change); one that does not
  // seats the host first.
  if (typeof data.host === 'string') {
    next.host = data.host;
    next.knows.host = true;
  } else if (Array.isArray(data.players) && !next.knows.host) {
    next.host = next.players.length ? next.players[0].name : null;
  }
  if ('turn' in data) {
    next.knows.turns = true;
    next.turn = typeof data.turn === 'string' ? data.turn : null;
  }
  if (typeof data.strict_turns === 'boolean') next.strictTurns = data.strict_turns;
  return next;
}

/** A player's display name (their name when the server keeps none, or for someone the roster does not know). */
export function displayName(roster, name) {
  const player = roster.players.find((entry) => entry.name === name);
  return player ? player.displayName : name;
}

/** The player's entry, or null. */
export function rosterEntry(roster, name) {
  return roster.players.find((entry) => entry.name === name) || null;
}

/**
 * A pile-name id for a display name typed in any script: the name itself when it is one ("bo", "ana_2"), else its
 * letters without accents and with anything else dropped ("José" -> "Jose"), or "player" when nothing is left.
 */
export function playerIdFor(displayName) {
  const trimmed = displayName.trim();
  if (/^[-a-zA-Z0-9_]{1,64}$/.test(trimmed)) return trimmed;
  const ascii = trimmed.normalize('NFKD').replace(/[^-a-zA-Z0-9_ ]/g, '').trim().replace(/\s+/g, '_').slice(0, 48);
  return ascii || 'player';
}

/** Whether a typed display name may be sent: 1 to 32 characters, no control or invisible characters. */
export function displayNameProblem(text) {
  const name = text.trim();
  if (!name) return 'Type the name the others will see.';
  if ([...new Intl.Segmenter().segment(name)].length > 32) return 'Use at most 32 characters for your name.';
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}\uFFFC\uFFFD]/u.test(name)) {
    return 'Your name has a control or invisible character: type letters, digits, spaces or signs.';
  }
  return null;
}

/**
 * What a presence event tells, in words, or null: "X went offline." when a player seen online goes offline, "X is
 * back online." only for one who was told offline before (never for a first join or a server restart's greetings).
 * `toldOffline` is the set of players told offline so far; the answer carries the set after the event.
 * @returns {{ words: string|null, toldOffline: Set<string> }}
 */
export function presenceNews(toldOffline, data, me, nameOf = (name) => name) {
  const told = new Set(toldOffline);
  if (typeof data.player !== 'string' || typeof data.online !== 'boolean' || data.player === me) {
    return { words: null, toldOffline: told };
  }
  if (!data.online) {
    if (told.has(data.player)) return { words: null, toldOffline: told };
    told.add(data.player);
    return { words: `${nameOf(data.player)} went offline.`, toldOffline: told };
  }
  if (!told.delete(data.player)) return { words: null, toldOffline: told };
  return { words: `${nameOf(data.player)} is back online.`, toldOffline: told };
}

/** The display names seen so far (id -> name), with the roster's: kept so a player who left is still named. */
export function rememberNames(known, roster) {
  const names = { ...known };
  for (const player of roster.players) if (player.displayName) names[player.name] = player.displayName;
  return names;
}

/** Whether a display name is taken at the table (compared as people read names: trimmed, any case). */
export function displayNameTaken(players, name) {
  const wanted = name.trim().toLocaleLowerCase();
  return players.some((player) => (player.display_name || player.displayName || player.name || '')
    .trim().toLocaleLowerCase() === wanted);
}
