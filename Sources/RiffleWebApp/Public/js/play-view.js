// The Play view: a live table several people play at from their own devices. Loaded only when #play is opened.
//
// #play starts a table (a new shuffled deck) or opens one from a link; #play/<deck> asks for a name once and then
// shows the table: this player's hand face up (each card a button that plays it to the centre), the other players'
// hands face down with their counts, the shared centre (its top card can be taken), a Deal form and, for the host,
// a new round. Everything is rendered from the PlayModel main.js gives it, which follows the deck's event stream;
// what others do is announced in words.
//
// A control ignores activations while its change waits for the server's answer, and the second click of a
// double-click; a played card keeps its place in the hand until the play is answered, so the next card never slides
// under the pointer. A table that is gone, or a seat that was removed, is explained with a way forward.

import { CENTRE, codeName, otherPlayers } from './play-state.js';

const NAME_PATTERN = /^[-a-zA-Z0-9_]{1,64}$/;
const MAX_BACKS = 12;

function cards(count) { return `${count} card${count === 1 ? '' : 's'}`; }

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') node.textContent = value;
    else if (name === 'className') node.className = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function face(code) {
  return element('img', { src: `/static/img/${code}.svg`, alt: '', className: 'play-face', draggable: 'false' });
}

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

  /** Shows a table through its model (main.js makes one per table), or the start page when `model` is null. */
  async show(model) {
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
    } else {
      this.renderJoin();
    }
  }

  hide() {
    if (this.model) this.model.stop();
    this.model = null;
    this.parts = null;
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
    const input = element('input', {
      id: 'play-name', name: 'name', autocomplete: 'nickname', required: true, maxlength: '64',
      pattern: '[-a-zA-Z0-9_]+', 'aria-describedby': 'play-name-help',
    });
    const error = element('p', { className: 'play-error', role: 'alert' });
    const submit = element('button', { type: 'submit', className: 'button primary', text: 'Join the table' });
    const form = element('form', { className: 'play-form' },
      element('label', { for: 'play-name', text: 'Your name' }), input,
      element('p', { id: 'play-name-help', className: 'muted', text: 'Letters, digits, - and _. The others see it.' }),
      submit);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!NAME_PATTERN.test(name)) {
        error.textContent = 'Use 1 to 64 letters, digits, - or _ for your name.';
        input.focus();
        return;
      }
      submit.disabled = true;
      const model = this.model;
      try {
        await model.join(name);
        if (this.model !== model) return;
        this.renderTable();
        this.announce(`You joined the table as ${name}.`);
        this.parts.handTitle.focus();
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
        form, error));
    input.value = name;
    input.focus();
  }

  // MARK: The table

  renderTable() {
    this.cardItems = null;
    this.dealTargets = null;
    const link = `${location.origin}${location.pathname}#play/${this.deckId}`;
    this.parts = {
      me: element('p', { className: 'play-me' }),
      status: element('p', { className: 'play-status', 'data-play-status': true }),
      retry: element('button', { type: 'button', className: 'button small', text: 'Retry', hidden: true }),
      notice: element('p', { className: 'play-notice', role: 'alert' }),
      stack: element('p', { className: 'play-stack' }),
      others: element('ul', { className: 'play-others', role: 'list' }),
      centre: element('div', { className: 'play-centre-pile' }),
      centreCount: element('p', { className: 'play-count' }),
      take: element('button', { type: 'button', className: 'button' }),
      handTitle: element('h3', { id: 'play-hand-title', tabindex: '-1' }),
      hand: element('ul', { className: 'play-hand', role: 'list', 'aria-labelledby': 'play-hand-title' }),
      dealTo: element('select', { id: 'play-deal-to' }),
      dealCount: element('input', { id: 'play-deal-count', type: 'number', min: '1', max: '52', value: '5', inputmode: 'numeric' }),
      dealButton: element('button', { type: 'submit', className: 'button primary', text: 'Deal' }),
      round: element('div', { className: 'play-round', hidden: true }),
      roundButton: element('button', { type: 'button', className: 'button', text: 'Start a new round' }),
      roundConfirm: element('div', { className: 'play-confirm', hidden: true }),
    };
    const p = this.parts;
    const copy = element('button', { type: 'button', className: 'button small ghost', text: 'Copy link' });
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(link);
        this.announce('The table link is copied.');
      } catch {
        shareInput.select();
      }
    });
    const shareInput = element('input', { id: 'play-share', readonly: true, value: link });
    p.retry.addEventListener('click', () => this.model.retry());
    p.take.addEventListener('click', (event) => {
      if (!isRepeat(event)) this.take();
    });
    // A double-click on Deal submits once.
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
    this.root.replaceChildren(
      element('div', { className: 'play-bar' },
        element('h2', { id: 'play-title', text: 'Live table' }), p.me,
        element('div', { className: 'play-share' },
          element('label', { for: 'play-share', text: 'Share this table' }), shareInput, copy),
        element('div', { className: 'play-sync' }, p.status, p.retry)),
      p.notice,
      element('div', { className: 'play-board' },
        element('section', { className: 'play-area play-players', 'aria-labelledby': 'play-others-title' },
          element('h3', { id: 'play-others-title', text: 'Other players' }), p.others),
        element('section', { className: 'play-area play-centre', 'aria-labelledby': 'play-centre-title' },
          element('h3', { id: 'play-centre-title', text: 'Centre' }), p.centre, p.centreCount, p.take),
        element('section', { className: 'play-area play-mine', 'aria-labelledby': 'play-hand-title' },
          p.handTitle, p.hand),
        element('section', { className: 'play-area play-dealer', 'aria-labelledby': 'play-deal-title' },
          element('h3', { id: 'play-deal-title', text: 'Deal from the deck' }), p.stack, dealForm, p.round)));
    this.render();
    this.renderStatus();
  }

  /** The host's new round: a button, then a confirmation (it takes every hand back). */
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
    p.round.replaceChildren(p.roundButton, p.roundConfirm);
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
      if (this.model.newRound()) this.announce('You started a new round: every card is back in the deck, shuffled.');
    });
  }

  render() {
    const p = this.parts;
    const model = this.model;
    if (!p || !model || !model.seat || !this.root.contains(p.hand)) return;
    const view = model.view;
    const me = model.me;
    p.me.textContent = `You are ${me}.`;
    p.stack.textContent = model.loaded ? `${cards(view.remaining)} left in the deck.` : 'Reading the table…';

    const others = otherPlayers(view, me);
    p.others.replaceChildren(...(others.length ? others.map((name) => {
      const count = view.piles[name].remaining;
      const backs = element('div', { className: 'play-backs', 'aria-hidden': 'true' });
      for (let i = 0; i < Math.min(count, MAX_BACKS); i++) backs.append(back());
      return element('li', { className: 'play-player' },
        element('p', { className: 'play-player-name', text: `${name}: ${cards(count)}, face down` }), backs);
    }) : [element('li', { className: 'muted', text: 'Nobody else yet: share the link.' })]));

    const centre = view.piles[CENTRE];
    const centreCards = (centre && centre.cards) || [];
    const top = centreCards[centreCards.length - 1];
    p.centre.replaceChildren(top
      ? element('figure', { className: 'play-card' }, face(top), element('figcaption', { text: codeName(top) }))
      : element('div', { className: 'play-empty', text: 'Empty' }));
    p.centreCount.textContent = `${cards(centreCards.length)} in the centre${top ? `; the ${codeName(top)} on top` : ''}.`;
    p.take.textContent = top ? `Take the ${codeName(top)}` : 'Take a card';
    p.take.disabled = !top;
    setWaiting(p.take, model.isPending('take'));

    this.renderHand();

    // The options are rebuilt only when the players change, so an open list is not pulled from under the user.
    const targets = [...others, me, CENTRE];
    if (this.dealTargets !== targets.join()) {
      const chosen = p.dealTo.value;
      this.dealTargets = targets.join();
      p.dealTo.replaceChildren(...targets.map((name) => element('option', {
        value: name, text: name === me ? `${me} (you)` : name === CENTRE ? 'the centre (face up)' : name,
      })));
      p.dealTo.value = targets.includes(chosen) ? chosen : targets[0];
    }
    p.dealButton.disabled = !model.loaded || view.remaining === 0;
    setWaiting(p.dealButton, model.isPending('deal'));
    p.round.hidden = !model.isHost;
    setWaiting(p.roundButton, model.isPending('newRound'));
  }

  /**
   * The hand, from the model's slots: a card being played keeps its place (its button ignores activations) until
   * the server answers; cards on their way show after the others.
   */
  renderHand() {
    const p = this.parts;
    const model = this.model;
    const { slots, hidden } = model.handSlots();
    const mine = model.view.piles[model.me] || { remaining: 0 };
    p.handTitle.textContent = `Your hand: ${cards(mine.remaining)}`;
    // Each card keeps its element (and so its image and focus) from one render to the next.
    const kept = this.cardItems || new Map();
    this.cardItems = new Map();
    const items = slots.map(({ code, state }) => {
      const key = `${state === 'arriving' ? 'arriving' : 'held'}:${code}`;
      let item = kept.get(key);
      if (!item) {
        item = state === 'arriving'
          ? element('li', { className: 'play-dealing' },
            element('span', { className: 'visually-hidden', text: `The ${codeName(code)}, on its way to your hand` }),
            face(code))
          : this.cardItem(code);
      }
      const button = item.querySelector('button');
      if (button) {
        const playing = state === 'playing';
        setWaiting(button, playing);
        button.classList.toggle('is-playing', playing);
        button.setAttribute('aria-label', playing
          ? `Playing the ${codeName(code)} to the centre…` : `Play the ${codeName(code)} to the centre`);
      }
      this.cardItems.set(key, item);
      return item;
    });
    for (let i = 0; i < hidden; i++) {
      items.push(element('li', { className: 'play-dealing' },
        element('span', { className: 'visually-hidden', text: 'A card on its way' }), back()));
    }
    if (items.length === 0) items.push(element('li', { className: 'muted', text: 'No cards yet.' }));
    const unchanged = items.length === p.hand.children.length && items.every((item, i) => p.hand.children[i] === item);
    if (unchanged) return;
    // A card that leaves the hand takes no focus with it: the card now in its place gets it, else the hand's heading.
    const focused = document.activeElement;
    const focusedIndex = focused && p.hand.contains(focused)
      ? [...p.hand.children].findIndex((child) => child.contains(focused)) : -1;
    p.hand.replaceChildren(...items);
    if (focusedIndex < 0) return;
    if (p.hand.contains(focused)) {
      if (document.activeElement !== focused) focused.focus();
      return;
    }
    const buttons = [...p.hand.querySelectorAll('button')];
    const next = buttons[Math.min(focusedIndex, buttons.length - 1)];
    (next || p.handTitle).focus();
  }

  cardItem(code) {
    const button = element('button', {
      type: 'button', className: 'play-card-button', 'data-code': code,
      'aria-label': `Play the ${codeName(code)} to the centre`,
    }, face(code), element('span', { className: 'play-card-name', 'aria-hidden': 'true', text: codeName(code) }));
    button.addEventListener('click', (event) => {
      if (isWaiting(button) || isRepeat(event)) return;
      this.play(code);
    });
    return element('li', {}, button);
  }

  play(code) {
    if (this.model.play(code)) this.announce(`You played the ${codeName(code)} to the centre.`);
  }

  take() {
    const p = this.parts;
    if (isWaiting(p.take) || this.model.isPending('take')) return;
    const centre = this.model.view.piles[CENTRE];
    const code = centre && centre.cards && centre.cards[centre.cards.length - 1];
    if (code && this.model.take(code)) this.announce(`You took the ${codeName(code)} from the centre.`);
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
      this.announce(`You dealt ${cards(count)} to ${to === this.model.me ? 'yourself' : to === CENTRE ? 'the centre' : to}.`);
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
