// The Play view: a live table several people play at from their own devices, phone first. Loaded only when #play
// is opened.
//
// #play starts a table (a new shuffled deck) or opens one from a link; #play/<deck> asks for a name once and then
// shows the table: a felt with the deck drawn as a stack, the table's piles (the top card of a face-up pile can be
// taken; a face-down pile shows its count), the other players around it with their backs, an online dot and the
// turn marker; the move log; the deal form, the share and watch links and, for the host, a new round and removing
// a player. The player's own hand is docked along the bottom edge (play-dock.js): fanned, sortable, cards selected
// and played onto a pile or given to a player by buttons, keyboard or drag. #play/<deck>/watch shows the same
// table to a spectator who does not join. Everything is rendered from the PlayModel main.js gives it, which
// follows the deck's event stream; what others do is announced in words. Every name is text (textContent).
//
// A control ignores activations while its change waits for the server's answer, and the second click of a
// double-click; a played card keeps its place in the hand until the play is answered, so the next card never slides
// under the pointer. A table that is gone, or a seat that was removed, is explained with a way forward.

import { HandDock } from './play-dock.js';
import { element, face } from './play-dom.js';
import { displayNameProblem, playerIdFor, rosterEntry } from './play-roster.js';
import { CENTRE, FACE_DOWN_PILE, cardList, cards, codeName, otherPlayers, pileLabel } from './play-state.js';

const MAX_BACKS = 8;
const LOG_SHOWN = 8;

function back() {
  return element('img', { src: '/static/img/back.svg', alt: '', className: 'play-back', draggable: 'false' });
}

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

/** The second click of a double-click (`detail` counts the clicks in a row; keyboard activations count 0). */
function isRepeat(event) { return event.detail > 1; }

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
    document.body.classList.remove('has-dock');
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
    document.body.classList.remove('has-dock');
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
      // The seat's id is the name when it is one; a name in another script gets an id of its own (numbered when
      // that id is taken), and the name is sent as the display name.
      const id = playerIdFor(name);
      const derived = id !== name;
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await model.join(attempt === 1 ? id : `${id.slice(0, 56)}-${attempt}`, name);
            break;
          } catch (failure) {
            if (!(derived && failure.status === 409 && attempt < 9)) throw failure;
          }
        }
        if (this.model !== model) return;
        model.seat.shownAs = name;
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

  renderTable() {
    const model = this.model;
    this.othersKey = null;
    this.pileItems = null;
    this.logKey = null;
    this.dealTargets = null;
    this.removeKey = null;
    this.stackLayers = null;
    const watching = !model.seat;
    const base = `${location.origin}${location.pathname}#play/${this.deckId}`;
    this.parts = {
      me: element('p', { className: 'play-me' }),
      turn: element('p', { className: 'play-turn' }),
      passTurn: element('button', { type: 'button', className: 'button small', text: 'Pass the turn', hidden: true }),
      status: element('p', { className: 'play-status', 'data-play-status': true }),
      retry: element('button', { type: 'button', className: 'button small', text: 'Retry', hidden: true }),
      notice: element('p', { className: 'play-notice', role: 'alert' }),
      others: element('ul', { className: 'play-others', role: 'list', 'aria-label': 'Other players' }),
      stack: element('div', { className: 'play-stack', 'aria-hidden': 'true' }),
      stackCount: element('p', { className: 'play-stack-count' }),
      draw: element('button', { type: 'button', className: 'button small', text: 'Draw a card' }),
      piles: element('ul', { className: 'play-piles', role: 'list', 'aria-label': 'Table piles' }),
      undo: element('button', { type: 'button', className: 'button small', text: 'Undo your last play', hidden: true }),
      log: element('ul', { className: 'play-log', 'aria-labelledby': 'play-log-title' }),
      dealTo: element('select', { id: 'play-deal-to' }),
      dealCount: element('input', { id: 'play-deal-count', type: 'number', min: '1', max: '52', value: '5', inputmode: 'numeric' }),
      dealButton: element('button', { type: 'submit', className: 'button primary', text: 'Deal' }),
      round: element('div', { className: 'play-round', hidden: true }),
      roundButton: element('button', { type: 'button', className: 'button', text: 'Start a new round' }),
      roundConfirm: element('div', { className: 'play-confirm', hidden: true }),
      removeList: element('ul', { className: 'play-remove', role: 'list' }),
      strictBox: element('input', { type: 'checkbox', id: 'play-strict' }),
      strict: element('p', { className: 'play-strict', hidden: true }),
    };
    const p = this.parts;
    p.retry.addEventListener('click', () => this.model.retry());
    p.draw.addEventListener('click', (event) => {
      if (isRepeat(event) || isWaiting(p.draw) || this.model.isPending('deal')) return;
      if (this.model.deal(this.model.me, 1)) this.announce('You drew a card from the deck.');
    });
    p.undo.addEventListener('click', (event) => {
      if (isRepeat(event)) return;
      const last = this.model.lastPlay;
      if (last && this.model.undo()) this.announce(`You took back ${cardList(last.codes)}.`);
    });
    p.passTurn.addEventListener('click', (event) => {
      if (isRepeat(event) || isWaiting(p.passTurn)) return;
      if (this.model.passTurn('next')) this.announce('You passed the turn.');
    });
    p.dealButton.addEventListener('click', (event) => {
      if (isRepeat(event)) event.preventDefault();
    });
    const dealForm = element('form', { className: 'play-deal' },
      element('label', { for: 'play-deal-count', text: 'How many cards' }), p.dealCount,
      element('label', { for: 'play-deal-to', text: 'Deal to' }), p.dealTo, p.dealButton);
    dealForm.addEventListener('submit', (event) => {
      event.preventDefault();
      this.deal();
    });
    this.renderRound();

    const links = element('div', { className: 'play-links' },
      this.linkField('play-share', 'Share this table', base, 'The table link is copied.'),
      this.linkField('play-watch', 'Watch link (no seat)', `${base}/watch`, 'The watch link is copied.'));
    const felt = element('section', { className: 'play-felt', 'aria-labelledby': 'play-felt-title' },
      element('h3', { id: 'play-felt-title', className: 'visually-hidden', text: 'The table' }),
      p.others,
      element('div', { className: 'play-middle' },
        element('div', { className: 'play-deck' }, p.stack, p.stackCount, watching ? null : p.draw),
        p.piles),
      element('div', { className: 'play-turn-bar' }, p.turn, p.passTurn, p.undo));
    const side = element('div', { className: 'play-side' },
      element('section', { className: 'play-area play-moves', 'aria-labelledby': 'play-log-title' },
        element('h3', { id: 'play-log-title', text: 'Moves' }), p.log),
      watching ? null : element('section', { className: 'play-area play-dealer', 'aria-labelledby': 'play-deal-title' },
        element('h3', { id: 'play-deal-title', text: 'Deal from the deck' }), dealForm, p.round),
      element('section', { className: 'play-area play-invite', 'aria-labelledby': 'play-invite-title' },
        element('h3', { id: 'play-invite-title', text: 'Invite' }), links));
    const top = element('div', { className: 'play-bar' },
      element('h2', { id: 'play-title', text: watching ? 'Watching a live table' : 'Live table' }), p.me,
      element('div', { className: 'play-sync' }, p.status, p.retry));
    if (watching) {
      const join = element('button', { type: 'button', className: 'button small', text: 'Join this table' });
      join.addEventListener('click', () => this.renderJoin());
      top.append(join);
    }
    this.dock = watching ? null : new HandDock({
      model: () => this.model,
      onPlay: (codes, pile, faceDown) => this.play(codes, pile, faceDown),
      onGive: (codes, player) => this.give(codes, player),
    });
    this.root.replaceChildren(top, p.notice, element('div', { className: 'play-board' }, felt, side),
      this.dock ? this.dock.root : '');
    document.body.classList.toggle('has-dock', Boolean(this.dock));
    if (this.dock) {
      // The page scrolls what it brings into view (a focused control) above the dock, never under it.
      const dock = this.dock.root;
      new ResizeObserver(() => {
        document.body.style.setProperty('--dock-room', `${dock.offsetHeight}px`);
        if (dock.isConnected) document.documentElement.style.scrollPaddingBottom = `${dock.offsetHeight + 8}px`;
      }).observe(dock);
    }
    this.render();
    this.renderStatus();
  }

  /** A read-only link with a Copy button. */
  linkField(id, label, value, copied) {
    const input = element('input', { id, readonly: true, value });
    const copy = element('button', { type: 'button', className: 'button small ghost', text: 'Copy', 'aria-describedby': id });
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(value);
        this.announce(copied);
      } catch {
        input.select();
      }
    });
    return element('div', { className: 'play-share' }, element('label', { for: id, text: label }), input, copy);
  }

  /** The host's controls: a new round, then a confirmation (it takes every hand back); removing a player. */
  renderRound() {
    const p = this.parts;
    const text = element('p', {
      id: 'play-round-text', text: 'Every card, every hand included, goes back into the deck and is shuffled.',
    });
    const confirm = element('button', {
      type: 'button', className: 'button primary', text: 'Collect and shuffle', 'aria-describedby': 'play-round-text',
    });
    const cancel = element('button', { type: 'button', className: 'button ghost', text: 'Cancel' });
    p.roundConfirm.replaceChildren(text, confirm, cancel);
    p.strict.replaceChildren(p.strictBox,
      element('label', { for: 'play-strict', text: 'Strict turns: only the player whose turn it is moves cards' }));
    p.strictBox.addEventListener('change', () => {
      if (!this.model.setStrictTurns(p.strictBox.checked)) p.strictBox.checked = this.model.roster.strictTurns;
    });
    p.round.replaceChildren(element('h4', { text: 'Host' }), p.roundButton, p.roundConfirm, p.strict, p.removeList);
    p.roundButton.addEventListener('click', () => {
      if (isWaiting(p.roundButton)) return;
      p.roundConfirm.hidden = false;
      confirm.focus();
    });
    cancel.addEventListener('click', () => {
      p.roundConfirm.hidden = true;
      p.roundButton.focus();
    });
    confirm.addEventListener('click', () => {
      p.roundConfirm.hidden = true;
      p.roundButton.focus();
      if (this.model.isPending('newRound')) return;
      if (this.model.newRound()) {
        this.dock.clearSelection();
        this.announce('You started a new round: every card is back in the deck, shuffled.');
      }
    });
  }

  render() {
    const p = this.parts;
    const model = this.model;
    if (!p || !model || !this.root.contains(p.piles)) return;
    const view = model.view;
    const me = model.me;
    const roster = model.roster;
    const mine = me ? (roster.knows.names ? model.nameOf(me) : (model.seat.shownAs || me)) : null;
    p.me.textContent = me ? `You are ${mine}.` : 'You are watching: you see what everyone at the table sees.';
    this.renderOthers();
    this.renderDeck();
    this.renderPiles();

    if (roster.knows.turns) {
      p.turn.hidden = false;
      p.turn.textContent = roster.turn
        ? (roster.turn === me ? 'It is your turn.' : `It is ${model.nameOf(roster.turn)}'s turn.`) : 'Nobody has the turn.';
      p.passTurn.hidden = !me || !(roster.turn === me || model.isHost);
      setWaiting(p.passTurn, model.isPending('turn'));
    } else {
      p.turn.hidden = true;
      p.passTurn.hidden = true;
    }
    const last = model.lastPlay;
    p.undo.hidden = !model.undoable;
    if (!p.undo.hidden) p.undo.setAttribute('aria-label', `Undo your last play: take back ${cardList(last.codes)}`);

    const entries = model.log.slice(-LOG_SHOWN).reverse();
    const key = entries.map((entry) => entry.id).join();
    if (this.logKey !== key) {
      this.logKey = key;
      p.log.replaceChildren(...(entries.length
        ? entries.map((entry) => element('li', { text: entry.text }))
        : [element('li', { className: 'muted', text: 'No moves yet.' })]));
    }

    if (this.dock) this.dock.render();
    if (!me) return;
    // The options are rebuilt only when the players change, so an open list is not pulled from under the user.
    const others = otherPlayers(view, me);
    const targets = [...others, me, CENTRE];
    const labels = targets.map((name) => (name === me ? `${mine} (you)` : name === CENTRE ? 'the centre (face up)' : model.nameOf(name)));
    if (this.dealTargets !== JSON.stringify(labels)) {
      const chosen = p.dealTo.value;
      this.dealTargets = JSON.stringify(labels);
      p.dealTo.replaceChildren(...targets.map((name, i) => element('option', { value: name, text: labels[i] })));
      p.dealTo.value = targets.includes(chosen) ? chosen : targets[0];
    }
    p.dealButton.disabled = !model.loaded || view.remaining === 0;
    setWaiting(p.dealButton, model.isPending('deal'));
    p.draw.disabled = !model.loaded || view.remaining === 0;
    setWaiting(p.draw, model.isPending('deal'));
    p.round.hidden = !model.isHost;
    setWaiting(p.roundButton, model.isPending('newRound'));
    p.strict.hidden = !(model.isHost && model.roster.knows.turns);
    p.strictBox.checked = model.roster.strictTurns;
    this.renderRemove(this.othersInSeatOrder());
  }

  /**
   * The other players in seat order, starting with the one after this player (as they sit around a table), where
   * the server says the seats; else in the order the piles come.
   */
  othersInSeatOrder() {
    const model = this.model;
    const others = otherPlayers(model.view, model.me);
    const seats = model.roster.players.map((player) => player.name);
    if (!seats.length) return others;
    const mine = seats.indexOf(model.me);
    const around = mine < 0 ? seats : [...seats.slice(mine + 1), ...seats.slice(0, mine)];
    return [...around.filter((name) => others.includes(name)), ...others.filter((name) => !seats.includes(name))];
  }

  /** The other players around the felt: name, online dot, turn marker, their backs and count. */
  renderOthers() {
    const model = this.model;
    const view = model.view;
    const roster = model.roster;
    const others = this.othersInSeatOrder();
    const list = this.parts.others;
    const key = JSON.stringify([model.me, roster, others.map((name) => view.piles[name].remaining)]);
    if (this.othersKey === key && list.isConnected) return;
    this.othersKey = key;
    if (!others.length) {
      list.replaceChildren(element('li', {
        className: 'play-nobody', text: model.me ? 'Nobody else yet: share the link.' : 'Nobody is seated yet.',
      }));
      return;
    }
    list.replaceChildren(...others.map((name) => {
      const count = view.piles[name].remaining;
      const entry = rosterEntry(roster, name);
      const shown = model.nameOf(name);
      const backs = element('div', { className: 'play-backs', 'aria-hidden': 'true' });
      for (let i = 0; i < Math.min(count, MAX_BACKS); i++) backs.append(back());
      const item = element('li', { className: 'play-player', 'data-drop': model.me ? `player:${name}` : null },
        element('p', { className: 'play-player-name', text: `${shown}: ${cards(count)}, face down` }), backs);
      const marks = element('p', { className: 'play-marks' });
      if (entry && entry.online !== null) {
        marks.append(element('span', { className: `play-dot ${entry.online ? 'is-online' : 'is-offline'}`, 'aria-hidden': 'true' }),
          element('span', { text: entry.online ? 'online' : 'offline' }));
      }
      if (roster.knows.turns && roster.turn === name) marks.append(element('span', { className: 'play-turn-mark', text: 'their turn' }));
      if (name === roster.host) marks.append(element('span', { className: 'play-host-mark', text: 'host' }));
      if (marks.childNodes.length) item.append(marks);
      return item;
    }));
  }

  /** The deck drawn as a stack (a few backs, offset), and its count. */
  renderDeck() {
    const p = this.parts;
    const model = this.model;
    const remaining = model.view.remaining;
    const layers = Math.min(5, Math.ceil(remaining / 10));
    if (this.stackLayers !== layers) {
      this.stackLayers = layers;
      p.stack.replaceChildren(...Array.from({ length: layers }, () => back()));
      if (!layers) p.stack.append(element('div', { className: 'play-empty', text: 'Empty' }));
    }
    p.stackCount.textContent = model.loaded ? `${cards(remaining)} left in the deck.` : 'Reading the table…';
  }

  /** The table piles on the felt: the centre always (a drop target even while empty), then every other pile. */
  renderPiles() {
    const model = this.model;
    const view = model.view;
    const names = view.order.filter((name) => !view.piles[name].private);
    if (!names.includes(CENTRE)) names.unshift(CENTRE);
    if (model.knowsFaceDown && model.me && !names.includes(FACE_DOWN_PILE)) names.push(FACE_DOWN_PILE);
    // A pile whose look has not changed keeps its element (its image does not flicker, its Take keeps the focus).
    const kept = this.pileItems || new Map();
    this.pileItems = new Map();
    const items = names.map((name) => {
      const pile = view.piles[name] || { remaining: 0, cards: [], face: name === FACE_DOWN_PILE ? 'down' : null };
      const top = pile.cards && pile.cards[pile.cards.length - 1];
      const key = JSON.stringify([name, pile.remaining, pile.face, top, Boolean(model.me), model.isPending('take')]);
      const item = (kept.get(name) && kept.get(name).key === key) ? kept.get(name).item : this.pileItem(name, pile);
      this.pileItems.set(name, { key, item });
      return item;
    });
    const list = this.parts.piles;
    if (items.length !== list.children.length || items.some((item, i) => list.children[i] !== item)) {
      list.replaceChildren(...items);
    }
  }

  /** One table pile: its name, its top card (or a back, or Empty), its count, and Take for a face-up top card. */
  pileItem(name, pile) {
    const model = this.model;
    const label = pileLabel(name);
    const title = label.charAt(0).toUpperCase() + label.slice(1);
    const item = element('li', { className: 'play-pile', 'data-drop': model.me ? `pile:${name}` : null });
    const heading = element('h4', { text: title });
    if (pile.face === 'down' || !pile.cards) {
      item.append(heading, pile.remaining ? element('div', { className: 'play-card' }, back()) : element('div', { className: 'play-empty', text: 'Empty' }),
        element('p', { className: 'play-count', text: `${cards(pile.remaining)}, face down.` }));
      return item;
    }
    const top = pile.cards[pile.cards.length - 1];
    item.append(heading, top
      ? element('figure', { className: 'play-card' }, face(top), element('figcaption', { text: codeName(top) }))
      : element('div', { className: 'play-empty', text: 'Empty' }),
    element('p', { className: 'play-count', text: `${cards(pile.cards.length)} in ${label}${top ? `; the ${codeName(top)} on top` : ''}.` }));
    if (top && model.me) {
      const take = element('button', { type: 'button', className: 'button small', text: `Take the ${codeName(top)}` });
      setWaiting(take, model.isPending('take'));
      take.addEventListener('click', (event) => {
        if (!isRepeat(event) && !isWaiting(take)) this.take(top, name);
      });
      item.append(take);
    }
    return item;
  }

  /** The host's list of players to remove, each with a confirmation. */
  renderRemove(others) {
    const model = this.model;
    const list = this.parts.removeList;
    const turns = model.roster.knows.turns;
    const key = JSON.stringify([model.isHost, turns, others.map((name) => model.nameOf(name))]);
    if (this.removeKey === key) return;
    this.removeKey = key;
    list.replaceChildren(...others.map((name) => {
      const shown = model.nameOf(name);
      const ask = element('button', { type: 'button', className: 'button small ghost', text: `Remove ${shown}` });
      const confirm = element('div', { className: 'play-confirm', hidden: true });
      const yes = element('button', { type: 'button', className: 'button small primary', text: `Yes, remove ${shown}` });
      const no = element('button', { type: 'button', className: 'button small ghost', text: 'Keep them' });
      confirm.append(element('p', { text: `${shown}'s hand goes to the bottom of the deck.` }), yes, no);
      ask.addEventListener('click', () => {
        confirm.hidden = false;
        yes.focus();
      });
      no.addEventListener('click', () => {
        confirm.hidden = true;
        ask.focus();
      });
      yes.addEventListener('click', () => {
        confirm.hidden = true;
        this.parts.roundButton.focus();
        if (model.removePlayer(name)) this.announce(`You removed ${shown} from the table.`);
      });
      const item = element('li', {}, ask, confirm);
      if (turns) {
        const earlier = element('button', { type: 'button', className: 'button small ghost', text: `Seat ${shown} one earlier` });
        earlier.addEventListener('click', () => {
          if (model.seatEarlier(name)) this.announce(`You moved ${shown} one seat earlier.`);
        });
        const give = element('button', { type: 'button', className: 'button small ghost', text: `Give ${shown} the turn` });
        give.addEventListener('click', () => {
          if (model.passTurn(name)) this.announce(`You gave ${shown} the turn.`);
        });
        item.append(earlier, give);
      }
      return item;
    }));
  }

  play(codes, pile, faceDown) {
    if (!codes.length) return;
    const target = faceDown === 'down' ? FACE_DOWN_PILE : pile;
    if (this.model.play(codes, target, { face: faceDown })) {
      this.dock.selected.clear();
      this.announce(`You played ${faceDown === 'down' ? cards(codes.length) : cardList(codes)}${faceDown === 'down' ? ' face down' : ''} to ${pileLabel(target)}.`);
      this.render();
    }
  }

  give(codes, player) {
    if (!codes.length) return;
    if (this.model.give(codes, player)) {
      this.dock.selected.clear();
      this.announce(`You gave ${cardList(codes)} to ${this.model.nameOf(player)}.`);
      this.render();
    }
  }

  take(code, pile = CENTRE) {
    if (this.model.isPending('take')) return;
    const active = document.activeElement;
    if (this.model.take(code, pile)) {
      this.announce(`You took the ${codeName(code)} from ${pileLabel(pile)}.`);
      // The Take button is drawn again for the next top card: the focus goes to the hand, where the card went.
      if (active && this.parts.piles.contains(active)) this.dock.title.focus();
    }
  }

  deal() {
    const p = this.parts;
    if (isWaiting(p.dealButton) || this.model.isPending('deal')) return;
    const count = Number(p.dealCount.value);
    const to = p.dealTo.value;
    if (!Number.isInteger(count) || count < 1) {
      this.showNotice('Deal at least one card.');
      return;
    }
    if (to && this.model.deal(to, count)) {
      const where = to === this.model.me ? 'yourself' : to === CENTRE ? 'the centre' : this.model.nameOf(to);
      this.announce(`You dealt ${cards(count)} to ${where}.`);
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
    p.status.textContent = texts[state];
    p.retry.hidden = state !== 'stalled';
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
    document.body.classList.remove('has-dock');
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
      text.textContent = `Your seat${name ? ` as ${name}` : ''} was removed: the host removed it, or the table was ` +
        'reset. Join again to play on, or start a new table.';
      const again = element('button', { type: 'button', className: 'button primary', text: 'Join again' });
      again.addEventListener('click', () => {
        model.forgetSeat();
        this.renderJoin(name || '');
      });
      actions.append(again, start);
    }
    this.root.replaceChildren(element('div', { className: 'play-panel play-problem' }, title, text, actions, error));
    this.announce(`${title.textContent}. ${text.textContent}`);
    title.focus();
  }

  showNotice(message) {
    if (this.parts) this.parts.notice.textContent = message;
    else this.announce(message);
  }
}
