// What a seated player can do at a live table: each command checks its change against what the player sees and
// queues it (outbox-model.js's submit: false, with a notice saying why, when it cannot be made). PlayModel's methods,
// kept apart by concern (play-model.js mixes them in). A view ignores a control's activations while its change waits
// (`isPending`): a double-click makes one change.

import { CENTRE, FACE_DOWN_PILE } from './play-state.js';
import { cardList, cards, codeName, pileLabel } from './play-words.js';

export class PlayerCommands {
  /** Deals `count` cards face down from the deck to `to` (a player, or the centre). */
  deal(to, count) {
    const where = to === this.me ? 'yourself' : this.view.piles[to] && this.view.piles[to].private
      ? this.nameOf(to) : pileLabel(to);
    return this.submit({ kind: 'deal', to, count, label: `dealing ${cards(count)} to ${where}` });
  }

  /** The host deals `count` cards face down to every player, one at a time in seat order: one change. */
  dealToEveryone(count) {
    if (this.isPending('dealAll')) return false;
    return this.submit({ kind: 'dealAll', count, players: this.roster.players.map((player) => player.name),
      label: `dealing ${cards(count)} to everyone` });
  }

  /**
   * Plays cards (a code or codes) from this player's hand onto a table pile, face up, or with `face: 'down'` onto
   * the face-down pile (once: false while one of them is on its way).
   */
  play(codes, pile = CENTRE, { face = null } = {}) {
    const list = Array.isArray(codes) ? codes : [codes];
    if (list.length === 0 || list.some((code) => this.isCardPending(code))) return false;
    const target = face === 'down' ? FACE_DOWN_PILE : pile;
    const change = { kind: 'play', codes: list, pile: target, label: `playing ${cardList(list)} to ${pileLabel(target)}` };
    if (face === 'down') change.face = 'down';
    if (!this.submit(change)) return false;
    const places = list.map((code) => this.answeredHand.indexOf(code));
    this.lastPlay = face === 'down' ? null : { codes: list, pile: target, places };
    return true;
  }

  /** Gives cards from this player's hand to another player. */
  give(codes, to) {
    const list = Array.isArray(codes) ? codes : [codes];
    if (list.length === 0 || list.some((code) => this.isCardPending(code))) return false;
    const places = list.map((code) => this.answeredHand.indexOf(code));
    if (!this.submit({ kind: 'give', codes: list, to, label: `giving ${cardList(list)} to ${this.nameOf(to)}` })) return false;
    this.lastGift = { codes: list, to, places };
    return true;
  }

  /** Asks the last gift back into the hand, each card to its place; the server refuses once the receiver moved. */
  undoGift() {
    if (!this.giftUndoable) return false;
    const { codes, to, places = [] } = this.lastGift;
    const ok = this.submit({ kind: 'ungive', codes, from: to, label: `taking back the gift to ${this.nameOf(to)}` });
    if (ok) {
      codes.forEach((code, i) => { this.places[code] = places[i]; });
      this.lastGift = null;
    }
    return ok;
  }

  /** Takes a card from a face-up table pile (the centre unless named) into this player's hand. */
  take(code, pile = CENTRE) {
    const ok = this.submit({ kind: 'take', codes: [code], pile, label: `taking the ${codeName(code)} from ${pileLabel(pile)}` });
    if (ok && this.lastPlay && this.lastPlay.codes.includes(code)) this.lastPlay = null;
    return ok;
  }

  /** Takes this player's last play back into the hand, while its cards are still on top where they went. */
  undo() {
    if (!this.undoable) return false;
    const { codes, pile, places = [] } = this.lastPlay;
    const ok = this.submit({ kind: 'take', codes, pile, undo: true, label: `taking back ${cardList(codes)}` });
    if (ok) {
      codes.forEach((code, i) => { this.places[code] = places[i]; });
      this.lastPlay = null;
    }
    return ok;
  }

  /** The host collects every card (every hand and the centre) and shuffles the whole deck: a new round. */
  newRound() {
    const ok = this.submit({ kind: 'newRound', label: 'starting a new round' });
    if (ok) this.lastPlay = null;
    return ok;
  }

  /** The host removes a player: their hand goes to the bottom of the deck, their seat is no more. */
  removePlayer(name) {
    if (name === this.me || this.isPending('remove')) return false;
    return this.submit({ kind: 'remove', player: name, label: `removing ${this.nameOf(name)} from the table` });
  }

  /** Passes the turn (`next`, a player's name, or `none`), on a server that keeps turns. */
  passTurn(to = 'next') {
    if (this.isPending('turn')) return false;
    return this.submit({ kind: 'turn', to, label: 'passing the turn' });
  }

  /** The host turns strict turns on or off (only the turn holder may then move cards). */
  setStrictTurns(strict) {
    if (this.isPending('turn')) return false;
    return this.submit({ kind: 'turn', strict, label: strict ? 'turning strict turns on' : 'turning strict turns off' });
  }

  /** The host moves a player one seat earlier (the first seat goes last). */
  seatEarlier(name) {
    const order = this.roster.players.map((player) => player.name);
    const index = order.indexOf(name);
    if (index < 0 || order.length < 2 || this.isPending('seats')) return false;
    const [moved] = order.splice(index, 1);
    order.splice(index === 0 ? order.length : index - 1, 0, moved);
    return this.submit({ kind: 'seats', order, label: `moving ${this.nameOf(name)} one seat earlier` });
  }
}
