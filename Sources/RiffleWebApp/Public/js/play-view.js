// The Play view: a live table several people play at from their own devices, phone first. Loaded only when #play
// is opened.
//
// #play starts a table (a new shuffled deck) or opens one from a link; #play/<deck> asks for a name once and then
// shows the table: a felt with the deck drawn as a stack, the table's piles (the top card of a face-up pile can be
// taken; a face-down pile shows its count), the other players around it with their backs, an online dot and the
// turn marker; the move log; the deal form, the share and watch links and, for the host, a new round and removing
// a player. The player's own hand is docked along the bottom edge (play-dock.js): fanned, sortable, cards selected
// and played onto a pile or given to a player by buttons, keyboard or drag. #play/<deck>/watch shows the same
// table to a spectator who does not join. The History, in the table menu, replays the table step by step as this
// page's viewer may see it (play-replay-view.js, fetched when first opened). Everything is rendered from the PlayModel
// main.js gives it, which follows the deck's event stream; what others do is announced in words. Every name is text
// (textContent).
//
// A control ignores activations while its change waits for the server's answer, and the second click of a
// double-click; a played card keeps its place in the hand until the play is answered, so the next card never slides
// under the pointer. A table that is gone, or a seat that was removed, is explained with a way forward.

import { HandDock } from './play-dock.js';
import { element } from './play-dom.js';
import { PlayDrawer } from './play-drawer.js';
import { PlayFelt } from './play-felt.js';
import { displayNameProblem, displayNameTaken, playerIdFor } from './play-roster.js';
import { CENTRE, FACE_DOWN_PILE } from './play-state.js';
import { cardList, cards, codeName, pileLabel } from './play-words.js';

let stylesheet = null;
/** The view's own stylesheet, fetched with the view (not on the app's first load). */
function loadStyles() {
  if (!stylesheet) {
    stylesheet = new Promise((resolve) => {
      const link = element('link', { rel: 'stylesheet', href: 'css/play.css' });
      link.addEventListener('load', resolve);
      link.addEventListener('error', resolve);
      document.head.append(link);
    });
  }
  return stylesheet;
}

/** Makes an action control ignore activations while its change waits, without taking the focus away from it. */
function setWaiting(control, waiting) {
  if (waiting) control.setAttribute('aria-disabled', 'true');
  else control.removeAttribute('aria-disabled');
}

function isWaiting(control) { return control.getAttribute('aria-disabled') === 'true'; }


export class PlayView {
  /**
   * @param {object} options
   * @param {HTMLElement} options.root the view's section.
   * @param {(message: string) => void} options.announce says something in the live region.
   * @param {() => Promise<string>} options.startTable makes a new table; resolves with its deck id.
   */
  constructor({ root, announce, startTable }) {
    this.root = root;
    this.announce = announce;
    this.startTable = startTable;
    this.model = null;
  }

  /** The table shown, or null (the start page). */
  get deckId() { return this.model ? this.model.deckId : null; }

  /**
   * Shows a table through its model (main.js makes one per table), or the start page when `model` is null; with
   * `watch`, a page without a seat watches the table instead of asking for a name.
   */
  async show(model, { watch = false } = {}) {
    await loadStyles();
    if (this.model && this.model !== model) this.model.stop();
    this.model = model;
    this.parts = null;
    if (!model) {
      this.renderStart();
      return;
    }
    const mine = (handler) => (event) => { if (this.model === model) handler(event); };
    model.addEventListener('change', mine(() => this.render()));
    model.addEventListener('status', mine(() => this.renderStatus()));
    model.addEventListener('notice', mine((event) => this.showNotice(event.detail)));
    model.addEventListener('announce', mine((event) => this.announce(event.detail)));
    if (model.seat) {
      this.renderTable();
      model.start();
    } else if (watch) {
      this.renderTable();
      model.watch();
    } else {
      this.renderJoin();
    }
  }

  hide() {
    if (this.model) this.model.stop();
    this.model = null;
    this.parts = null;
    this.historyPanel = null;
    document.body.classList.remove('has-dock', 'has-drawer', 'has-lifted');
    document.documentElement.style.scrollPaddingBottom = '';
  }

  // MARK: The start page and the join form

  renderStart() {
    const start = element('button', { type: 'button', className: 'button primary', text: 'Start a new table' });
    const input = element('input', { id: 'play-link', name: 'table', autocomplete: 'off', required: true });
    const error = element('p', { className: 'play-error', role: 'alert' });
    const form = element('form', { className: 'play-form' },
      element('label', { for: 'play-link', text: 'Table link or id' }), input,
      element('button', { type: 'submit', className: 'button', text: 'Open the table' }));
    start.addEventListener('click', () => this.newTable(start, error));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const match = /([a-z0-9]{6,64})\/?$/.exec(input.value.trim());
      if (match) location.hash = `#play/${match[1]}`;
      else error.textContent = 'That is not a table link: paste the link someone shared, or the table id.';
    });
    this.root.replaceChildren(
      element('div', { className: 'play-panel' },
        element('h2', { id: 'play-title', text: 'Play at a live table' }),
        element('p', { text: 'Start a table and share its link: everyone who opens it joins with a name, sees their own hand, and sees what the others do as they do it.' }),
        start, form, error));
  }

  /** Starts a new table and opens it; `button` ignores activations meanwhile, `error` says what went wrong. */
  async newTable(button, error) {
    if (isWaiting(button)) return;
    setWaiting(button, true);
    try {
      location.hash = `#play/${await this.startTable()}`;
    } catch (failure) {
      error.textContent = `No table could be started: ${failure.message}`;
    } finally {
      setWaiting(button, false);
    }
  }

  renderJoin(name = '') {
    this.parts = null;
    this.dock = null;
    this.historyPanel = null;
    document.body.classList.remove('has-dock', 'has-drawer', 'has-lifted');
    document.documentElement.style.scrollPaddingBottom = '';
    const input = element('input', {
      id: 'play-name', name: 'name', autocomplete: 'nickname', required: true, maxlength: '64',
      'aria-describedby': 'play-name-help',
    });
    const error = element('p', { className: 'play-error', role: 'alert' });
    const submit = element('button', { type: 'submit', className: 'button primary', text: 'Join the table' });
    const form = element('form', { className: 'play-form' },
      element('label', { for: 'play-name', text: 'Your name' }), input,
      element('p', { id: 'play-name-help', className: 'muted', text: 'Up to 32 characters, in any script. The others see it.' }),
      submit);
    // Too long a name is said as it is typed, not only once it is sent.
    input.addEventListener('input', () => {
      const problem = input.value.trim() ? displayNameProblem(input.value) : null;
      if (problem || error.textContent) error.textContent = problem || '';
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      const problem = displayNameProblem(name);
      if (problem) {
        error.textContent = problem;
        input.focus();
        return;
      }
      submit.disabled = true;
      const model = this.model;
      // The seat's id is the name when it is one, else one made from it; when that id is taken by another player
      // (whose id nobody sees) but the name the others would see is not, the seat gets a numbered id. A name is
      // refused only when a player at the table is shown with it already.
      const id = playerIdFor(name);
      const taken = { status: 409 };
      try {
        const info = await model.api.deckInfo(this.deckId).catch(() => null);
        if (info && Array.isArray(info.players) && displayNameTaken(info.players, name)) throw taken;
        for (let attempt = 1; ; attempt++) {
          try {
            await model.join(attempt === 1 ? id : `${id.slice(0, 56)}-${attempt}`, name);
            break;
          } catch (failure) {
            if (failure.status !== 409 || attempt >= 9) throw failure;
            // A server that lists no display names: a plain name's own id taken is the name taken.
            if (attempt === 1 && !(info && Array.isArray(info.players)) && id === name) throw failure;
          }
        }
        if (this.model !== model) return;
        // Joined from the watch link: the address is now the player's own (a reload plays on, it does not watch).
        if (/\/watch$/.test(location.hash)) history.replaceState(null, '', `#play/${this.deckId}`);
        this.renderTable();
        this.announce(`You joined the table as ${name}.`);
        this.dock.title.focus();
      } catch (failure) {
        error.textContent = failure.status === 409
          ? `${name} is already playing at this table: choose another name.`
          : `Could not join: ${failure.message}`;
        submit.disabled = false;
        input.focus();
      }
    });
    this.root.replaceChildren(
      element('div', { className: 'play-panel' },
        element('h2', { id: 'play-title', text: 'Join this table' }),
        element('p', { text: `Table ${this.deckId}. Choose the name the other players will see.` }),
        form, error,
        element('p', {}, element('a', { href: `#play/${this.deckId}/watch`, text: 'Watch without joining' }))));
    input.value = name;
    input.focus();
  }

  // MARK: The table

  /**
   * The table on one screen: the hand docked at the bottom (first in the focus order), a bar with who this player
   * is, whether the table is live and the table menu, a notice that can be dismissed, and the felt; the move log and
   * the rest in the table menu's drawer (play-drawer.js), opened on demand over the felt.
   */
  renderTable() {
    const model = this.model;
    const watching = !model.seat;
    const base = `${location.origin}${location.pathname}#play/${this.deckId}`;
    this.parts = {
      me: element('p', { className: 'play-me' }),
      status: element('p', { className: 'play-status', 'data-play-status': true }),
      retry: element('button', { type: 'button', className: 'button small', text: 'Retry', hidden: true }),
      notice: element('p', { className: 'play-notice', role: 'alert' }),
      dismiss: element('button', { type: 'button', className: 'button small ghost', text: 'Dismiss the notice', hidden: true }),
    };
    const p = this.parts;
    this.historyPanel = null;
    p.retry.addEventListener('click', () => this.model.retry());
    p.dismiss.addEventListener('click', () => {
      this.model.clearNotice();
      if (this.dock) this.dock.title.focus();
    });
    this.dock = watching ? null : new HandDock({
      model: () => this.model,
      onPlay: (codes, pile, faceDown) => this.play(codes, pile, faceDown),
      onGive: (codes, player) => this.give(codes, player),
      onUndo: () => this.undo(),
      onUndoGift: () => this.undoGift(),
      onPass: () => {
        if (this.model.passTurn('next')) this.announce('You passed the turn.');
      },
      onChange: () => this.felt.render(),
    });
    this.felt = new PlayFelt({
      model: () => this.model,
      lifted: () => (this.dock ? this.dock.choice() : []),
      onPile: (name) => {
        if (!this.dock) return;
        this.play(this.dock.choice(), name, name === FACE_DOWN_PILE && this.model.knowsFaceDown ? 'down' : null);
      },
      onTake: (code, pile) => this.take(code, pile),
      dealCount: () => Number(this.drawer.everyoneCount.value),
      onDealAll: (count) => this.dealToEveryone(count),
      onDraw: () => {
        if (this.model.isPending('deal')) return;
        if (this.model.deal(this.model.me, 1)) this.announce('You drew a card from the deck.');
      },
    });
    this.drawer = new PlayDrawer({
      model: () => this.model,
      link: base,
      actions: {
        announce: this.announce,
        give: (player) => {
          if (this.dock && this.give(this.dock.choice(), player)) this.drawer.setOpen(false);
        },
        deal: (to, count) => this.deal(to, count),
        dealToEveryone: (count) => this.dealToEveryone(count),
        passTurn: () => {
          const starting = !this.model.roster.turn;
          if (this.model.passTurn('next')) this.announce(starting ? 'You started the turns.' : 'You passed the turn.');
        },
        newRound: () => {
          if (this.model.isPending('newRound')) return;
          if (this.model.newRound()) {
            if (this.dock) this.dock.clearSelection();
            this.drawer.setOpen(false);
            this.announce('You started a new round: every card is back in the deck, shuffled.');
          }
        },
        setStrict: (strict) => this.model.setStrictTurns(strict),
        remove: (name) => {
          const shown = this.model.nameOf(name);
          if (this.model.removePlayer(name)) this.announce(`You removed ${shown} from the table.`);
        },
        seatEarlier: (name) => {
          if (this.model.seatEarlier(name)) this.announce(`You moved ${this.model.nameOf(name)} one seat earlier.`);
        },
        giveTurn: (name) => {
          if (this.model.passTurn(name)) this.announce(`You gave ${this.model.nameOf(name)} the turn.`);
        },
        openHistory: () => this.openHistory(),
        closeHistory: () => this.closeHistory(),
      },
    });
    if (this.dock) this.drawer.sortSlot.append(this.dock.sort);
    const top = element('div', { className: 'play-bar' },
      element('h2', { id: 'play-title', text: watching ? 'Watching a live table' : 'Live table' }), p.me,
      element('div', { className: 'play-sync' }, p.status, p.retry), this.drawer.toggle);
    if (watching) {
      const join = element('button', { type: 'button', className: 'button small', text: 'Join this table' });
      join.addEventListener('click', () => this.renderJoin());
      top.append(join);
    }
    this.root.replaceChildren(...[
      this.dock ? this.dock.root : null, top,
      element('div', { className: 'play-notice-bar' }, p.notice, p.dismiss),
      this.felt.root, this.drawer.root,
    ].filter(Boolean));
    document.body.classList.toggle('has-dock', Boolean(this.dock));
    if (this.dock) {
      // The page keeps the felt above the dock: its room is the dock's height.
      const dock = this.dock.root;
      new ResizeObserver(() => {
        document.body.style.setProperty('--dock-room', `${dock.offsetHeight}px`);
        if (dock.isConnected) document.documentElement.style.scrollPaddingBottom = `${dock.offsetHeight + 8}px`;
      }).observe(dock);
    }
    this.showNotice(model.lastNotice || '');
    this.render();
    this.renderStatus();
  }

  // MARK: History

  /**
   * Opens the table's History in the table menu, over its other sections (which are inert meanwhile), for whoever
   * looks (a player with their token, a spectator without): its code is fetched the first time it is opened (never
   * with the view), and the whole history is read afresh each time. The focus goes to "Next event".
   */
  async openHistory() {
    const model = this.model;
    const drawer = this.drawer;
    if (this.historyPanel || this.openingHistory) return;
    this.openingHistory = true;
    let ReplayPanel;
    try {
      ({ ReplayPanel } = await import('./play-replay-view.js'));
    } catch {
      this.showNotice('The history could not be opened: the card server cannot be reached.');
      return;
    } finally {
      this.openingHistory = false;
    }
    if (this.model !== model || this.drawer !== drawer || !drawer.open || !this.root.contains(drawer.root)) return;
    const panel = new ReplayPanel({
      readPage: ({ after, limit, round }) => model.api.history(model.deckId, { after, limit, round }, { token: model.token }),
      readLatestRound: async () => (await model.api.deckInfo(model.deckId)).round || null,
      nameOf: (name) => model.nameOf(name),
      announce: this.announce,
      onClose: () => this.closeHistory(),
    });
    this.historyPanel = panel;
    for (const section of drawer.root.children) section.inert = true;
    drawer.root.append(panel.root);
    drawer.history.setAttribute('aria-expanded', 'true');
    panel.next.focus();
    panel.load();
  }

  /** Closes the History (also when the menu closes); the focus goes back to the History button. */
  closeHistory() {
    const panel = this.historyPanel;
    if (!panel) return;
    this.historyPanel = null;
    const inside = panel.root.contains(document.activeElement);
    panel.root.remove();
    for (const section of this.drawer.root.children) section.inert = false;
    this.drawer.history.setAttribute('aria-expanded', 'false');
    if (inside) (this.drawer.open ? this.drawer.history : this.drawer.toggle).focus();
  }

  render() {
    const p = this.parts;
    const model = this.model;
    if (!p || !model || !this.root.contains(this.felt.root)) return;
    const me = model.me;
    p.me.textContent = me ? `You are ${model.nameOf(me)}.` : 'You are watching: you see what everyone at the table sees.';
    // The dock first: the felt names its piles' targets for the cards lifted in it.
    if (this.dock) this.dock.render();
    this.felt.render();
    this.drawer.render(this.felt.othersInSeatOrder(model));
  }

  play(codes, pile, faceDown) {
    if (!codes.length) return false;
    const target = faceDown === 'down' ? FACE_DOWN_PILE : pile;
    if (!this.model.play(codes, target, { face: faceDown })) return false;
    this.dock.selected.clear();
    this.announce(`You played ${faceDown === 'down' ? cards(codes.length) : cardList(codes)}${faceDown === 'down' ? ' face down' : ''} to ${pileLabel(target)}.`);
    this.render();
    return true;
  }

  give(codes, player) {
    if (!codes.length) {
      this.showNotice('Lift the cards to give first: tap them in your hand.');
      return false;
    }
    if (!this.model.give(codes, player)) return false;
    this.dock.selected.clear();
    this.announce(`You gave ${cardList(codes)} to ${this.model.nameOf(player)}.`);
    this.render();
    return true;
  }

  undo() {
    const last = this.model.lastPlay;
    if (last && this.model.undo()) this.announce(`You took back ${cardList(last.codes)}.`);
  }

  undoGift() {
    const gift = this.model.lastGift;
    if (gift && this.model.undoGift()) {
      this.announce(`You asked ${cardList(gift.codes)} back from ${this.model.nameOf(gift.to)}.`);
    }
  }

  take(code, pile = CENTRE) {
    if (this.model.isPending('take')) return;
    const active = document.activeElement;
    if (this.model.take(code, pile)) {
      this.announce(`You took the ${codeName(code)} from ${pileLabel(pile)}.`);
      // The Take button is drawn again for the next top card: the focus goes to the hand, where the card went.
      if (active && this.felt.piles.contains(active)) this.dock.title.focus();
    }
  }

  deal(to, count) {
    if (this.model.isPending('deal')) return;
    if (!Number.isInteger(count) || count < 1) {
      this.showNotice('Deal at least one card.');
      return;
    }
    if (to && this.model.deal(to, count)) {
      const where = to === this.model.me ? 'yourself' : to === CENTRE ? 'the centre' : this.model.nameOf(to);
      this.announce(`You dealt ${cards(count)} to ${where}.`);
    }
  }

  dealToEveryone(count) {
    if (!Number.isInteger(count) || count < 1) {
      this.showNotice('Deal at least one card to each player.');
      return;
    }
    if (this.model.dealToEveryone(count)) {
      this.drawer.setOpen(false);
      this.announce(`You dealt ${cards(count)} to everyone.`);
    }
  }

  renderStatus() {
    const p = this.parts;
    const model = this.model;
    if (!model) return;
    if (model.problem) {
      this.renderProblem(model.problem);
      return;
    }
    if (!p) return;
    const { state, pending, live } = model.status;
    const waiting = pending > 0 ? ` ${pending} change${pending === 1 ? '' : 's'} waiting.` : '';
    const texts = {
      saved: live ? 'Live: all saved' : 'All saved; reconnecting to the table…',
      saving: 'Saving…',
      stalled: `Not saved: the server cannot be reached.${waiting}`,
      lost: 'This table no longer exists on the server.',
    };
    // A reload while the server cannot be reached: the table shown is the one this device saw last.
    p.status.textContent = model.restoredFromDevice && !live
      ? `Not live: the table as this device last saw it.${state === 'stalled' ? ' The server cannot be reached.' : ''}${waiting}`
      : texts[state];
    p.retry.hidden = state !== 'stalled';
    // An outage and its end are said, once each (the status line is not a live region: it changes too often).
    const outage = state === 'stalled';
    if (outage !== Boolean(this.toldOutage)) {
      if (outage) this.announce(`The card server cannot be reached: your changes are kept and sent when it is back.${waiting}`);
      else if (this.toldOutage && state === 'saved') this.announce('The card server is back: every change is saved.');
      if (outage || state === 'saved') this.toldOutage = outage;
    }
  }

  /**
   * Why this page cannot play here any more, and what to do: join again (a removed seat), or start a new table
   * (either way). Shown once; the heading takes the focus so that a screen reader reads it.
   */
  renderProblem(problem) {
    if (this.shownProblem === this.model && this.root.querySelector('.play-problem')) return;
    this.shownProblem = this.model;
    const model = this.model;
    const name = model.me;
    this.parts = null;
    this.dock = null;
    this.historyPanel = null;
    document.body.classList.remove('has-dock', 'has-drawer', 'has-lifted');
    document.documentElement.style.scrollPaddingBottom = '';
    const error = element('p', { className: 'play-error', role: 'alert' });
    const start = element('button', { type: 'button', className: 'button', text: 'Start a new table' });
    start.addEventListener('click', () => this.newTable(start, error));
    const title = element('h2', { id: 'play-title', tabindex: '-1' });
    const text = element('p');
    const actions = element('div', { className: 'play-actions' });
    if (problem === 'gone') {
      title.textContent = 'This table is gone';
      text.textContent = `The server no longer has table ${this.deckId}: it ended, or the server was started afresh.`;
      actions.append(start);
    } else {
      title.textContent = 'You are no longer at this table';
      text.textContent = `Your seat${name ? ` as ${model.nameOf(name)}` : ''} was removed: the host removed it, or the table was ` +
        'reset. Join again to play on, or start a new table.';
      const again = element('button', { type: 'button', className: 'button primary', text: 'Join again' });
      again.addEventListener('click', () => {
        const shown = name ? model.nameOf(name) : '';
        model.forgetSeat();
        this.renderJoin(shown);
      });
      actions.append(again, start);
    }
    this.root.replaceChildren(element('div', { className: 'play-panel play-problem' }, title, text, actions, error));
    this.announce(`${title.textContent}. ${text.textContent}`);
    title.focus();
  }

  /** Shows a notice (or clears it, with ''), with its Dismiss button. */
  showNotice(message) {
    if (this.parts) {
      this.parts.notice.textContent = message;
      this.parts.dismiss.hidden = !message;
    } else if (message) {
      this.announce(message);
    }
  }
}
