// What the table's event stream does to a PlayModel (play-stream.js hands it every event): the roster and the names
// follow each event; a greeting has the table read again; a change at the table moves `confirmed` unless it is this
// player's own already counted (play-reconcile.js), and is told in words in the move log (play-log.js) and, when it
// is another's move, announced. PlayModel's methods, kept apart by concern (play-model.js mixes them in).

import { roundHistory } from './play-history.js';
import { takesUnnamedCards, withTakenCardsNamed } from './play-log.js';
import { ownChangeOf } from './play-reconcile.js';
import { presenceNews, rememberNames, updateRoster } from './play-roster.js';
import { applyTableEvent, cloneTable, endsGift } from './play-state.js';
import { describeEvent } from './play-words.js';

export class TableEvents {
  /** An event of the stream, its data parsed (`lastEventId`, the event's id). */
  eventReceived(kind, data, lastEventId) {
    this.roster = updateRoster(this.roster, data, kind);
    this.names = rememberNames(this.names, this.roster);
    if (kind === 'presence') this.presenceChanged(data);
    else if (kind === 'hello' || kind === 'resync') this.greeted(kind, data, lastEventId);
    else this.tableChanged(kind, data);
  }

  /** Says who went offline, and who is back, once each. */
  presenceChanged(data) {
    const news = presenceNews(this.toldOffline, data, this.me, (name) => this.nameOf(name));
    this.toldOffline = news.toldOffline;
    if (news.words) {
      this.record(news.words);
      this.announce(news.words);
    }
    this.emit('change');
    this.remember();
  }

  /** A greeting (the stream opened or resumed too late) names every pile: the table is read again. */
  greeted(kind, data, lastEventId) {
    this.greeting = data;
    if (kind === 'hello') this.readHistory(Number(lastEventId));
    if (this.reading) this.readAgain = true;
    if (this.watching && this.confirmed.order.length === 0) {
      applyTableEvent(this.confirmed, data, null);
      this.rebase(false);
    }
    this.emit('change');
    this.outbox.requestRead();
  }

  /** A change at the table: applied to `confirmed` unless it is this player's own already there, and told. */
  tableChanged(kind, data) {
    // A listing on its way may have been made before this change: read again once it is in.
    if (this.reading) this.readAgain = true;
    const me = this.me;
    if (this.lastGift && endsGift(kind, data, me, this.lastGift.to)) this.lastGift = null;
    const own = ownChangeOf({ kind, data }, {
      included: this.included, sent: this.sent, waiting: this.outbox.changes, inFlight: this.outbox.inFlight,
    }, me);
    if (own && own.list === 'included') {
      this.included = this.included.filter((change) => change !== own.change);
      this.record(describeEvent(kind, data, me, this.confirmed, (name) => this.nameOf(name)));
      this.emit('change');
      return;
    }
    if (own && own.list === 'sent') this.sent = this.sent.filter((change) => change !== own.change);
    if (own && own.list === 'waiting') own.change.seen = true;
    const before = cloneTable(this.confirmed);
    const trusted = applyTableEvent(this.confirmed, data, me);
    this.rebase(false);
    const told = { kind, data, before, announce: (!own && data.player !== me) || kind === 'turn' };
    if (takesUnnamedCards(data, before)) this.unnamed.push(told);
    else this.tell(told);
    if (!trusted || kind === 'leave') this.outbox.requestRead();
  }

  // MARK: The move log

  /**
   * The round so far from the server's event history, once, for a page with no move log yet: put before the moves
   * logged since.
   */
  async readHistory(untilId) {
    if (!this.history || this.historyRead || this.log.length > 0) return;
    this.historyRead = true;
    const lines = await roundHistory({
      open: (lastEventId) => this.openStream(lastEventId), untilId, me: this.me, nameOf: (name) => this.nameOf(name),
    });
    if (this.stopped || lines.length === 0) return;
    this.moveLog.addEarlier(lines);
    this.remember();
    this.emit('change');
  }

  /** Logs an event in words, and announces it when it is another's move (or whose turn it is). */
  tell({ kind, data, before, announce }) {
    const words = describeEvent(kind, data, this.me, before, (name) => this.nameOf(name));
    this.record(words);
    if (words && announce) this.announce(words);
    if (words) this.emit('change');
  }

  /** After a read: tells the takes that came as counts, their cards named (those gone from their pile since). */
  nameTakes() {
    const waiting = this.unnamed;
    this.unnamed = [];
    for (const told of waiting) this.tell({ ...told, data: withTakenCardsNamed(told.data, told.before, this.confirmed) });
  }

  /** Adds a line to the move log. */
  record(words) {
    if (this.moveLog.add(words)) this.remember();
  }

  announce(words) { this.dispatchEvent(new CustomEvent('announce', { detail: words })); }
}
