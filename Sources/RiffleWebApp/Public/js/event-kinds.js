// Every event kind the web app handles from a deck's event stream, in one place: the Play view listens for exactly
// these (play-stream.js, play-history.js), and every kind its modules test for (`kind === '…'`: in the Play view's
// modules a variable named `kind` is always an event's kind) is one of them. Tests/WebAppTests/model/
// event-kinds.test.mjs checks both, and that the server sends exactly these. Kept a plain literal array of strings,
// so that a test in another language can read it from this file.

export const EVENT_KINDS = [
  'hello', 'resync', 'draw', 'deal', 'pile_add', 'pile_draw', 'pile_return', 'pile_shuffle', 'return', 'shuffle',
  'join', 'leave', 'presence', 'turn', 'seats', 'rename', 'pile_face', 'lock',
  'round',
];
