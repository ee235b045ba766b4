// The Play view: a live table several people play at from their own devices. Loaded only when #play is opened.
//
// #play starts a table (a new shuffled deck) or opens one from a link; #play/<deck> asks for a name once and then
// shows the table: this player's hand face up (each card a button that plays it to the centre), the other players'
// hands face down with their counts, the shared centre (its top card can be taken), and a Deal form. Everything
// is rendered from the PlayModel, which follows the deck's event stream; what others do is announced in words.

import { tableApi } from './play-api.js';
import { PlayModel } from './play-model.js';
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

function storage() {
  try { return window.localStorage; } catch { return null; }
}

export class PlayView {
  constructor({ root, announce, tabId }) {
    this.root = root;
    this.announce = announce;
    this.tabId = tabId;
    this.model = null;
    this.deckId = null;
  }

  /** Shows the route's table (`deckId`), or the start page when there is none. */
  async show(deckId) {
    await loadStyles();
    if (deckId && !/^[a-z0-9]{1,64}$/.test(deckId)) deckId = null;
    if (this.model && this.deckId === deckId) return;
    if (this.model) this.model.stop();
    this.model = null;
    this.deckId = deckId;
    if (!deckId) {
      this.renderStart();
      return;
    }
    const model = new PlayModel({
      deckId, api: tableApi, storage: storage(), tabId: this.tabId, openEvents: (url) => new EventSource(url),
    });
    this.model = model;
    model.addEventListener('change', () => this.render());
    model.addEventListener('status', () => this.renderStatus());
    model.addEventListener('notice', (event) => this.showNotice(event.detail));
    model.addEventListener('announce', (event) => this.announce(event.detail));
    window.riffleApp = { ...(window.riffleApp || {}), play: model };
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
    this.deckId = null;
  }

  // MARK: The start page and the join form

  renderStart() {
    const start = element('button', { type: 'button', className: 'button primary', text: 'Start a new table' });
    const input = element('input', { id: 'play-link', name: 'table', autocomplete: 'off', required: true });
    const error = element('p', { className: 'play-error', role: 'alert' });
    const form = element('form', { className: 'play-form' },
      element('label', { for: 'play-link', text: 'Table link or id' }), input,
      element('button', { type: 'submit', className: 'button', text: 'Open the table' }));
    start.addEventListener('click', async () => {
      start.disabled = true;
      try {
        const deck = await tableApi.newShuffledDeck();
        location.hash = `#play/${deck.deck_id}`;
      } catch (failure) {
        error.textContent = `No table could be started: ${failure.message}`;
        start.disabled = false;
      }
    });
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

  renderJoin() {
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
      try {
        await this.model.join(name);
        this.renderTable();
        this.announce(`You joined the table as ${name}.`);
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
    p.take.addEventListener('click', () => {
      const centre = this.model.view.piles[CENTRE];
      const code = centre && centre.cards && centre.cards[centre.cards.length - 1];
      if (code && this.model.take(code)) this.announce(`You took the ${codeName(code)} from the centre.`);
    });
    const dealForm = element('form', { className: 'play-deal' },
      element('label', { for: 'play-deal-count', text: 'How many cards' }), p.dealCount,
      element('label', { for: 'play-deal-to', text: 'Deal to' }), p.dealTo, p.dealButton);
    dealForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const count = Number(p.dealCount.value);
      const to = p.dealTo.value;
      if (!Number.isInteger(count) || count < 1) {
        this.showNotice('Deal at least one card.');
        return;
      }
      if (to && this.model.deal(to, count)) {
        this.announce(`You dealt ${cards(count)} to ${to === this.model.me ? 'yourself' : to}.`);
      }
    });
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
          element('h3', { id: 'play-deal-title', text: 'Deal from the deck' }), p.stack, dealForm)));
    this.render();
    this.renderStatus();
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

    const mine = view.piles[me] || { remaining: 0, cards: [] };
    const hand = mine.cards || [];
    p.handTitle.textContent = `Your hand: ${cards(mine.remaining)}`;
    // Each card keeps its element (and so its image and focus) from one render to the next.
    const kept = this.cardItems || new Map();
    this.cardItems = new Map();
    const items = hand.map((code) => {
      let item = kept.get(code);
      if (!item) {
        const button = element('button', {
          type: 'button', className: 'play-card-button', 'data-code': code,
          'aria-label': `Play the ${codeName(code)} to the centre`,
        }, face(code), element('span', { className: 'play-card-name', 'aria-hidden': 'true', text: codeName(code) }));
        button.addEventListener('click', () => this.play(code));
        item = element('li', {}, button);
      }
      this.cardItems.set(code, item);
      return item;
    });
    for (let i = hand.length; i < mine.remaining; i++) {
      items.push(element('li', { className: 'play-dealing' }, element('span', { className: 'visually-hidden', text: 'A card on its way' }), back()));
    }
    if (items.length === 0) items.push(element('li', { className: 'muted', text: 'No cards yet.' }));
    const focused = document.activeElement;
    const unchanged = items.length === p.hand.children.length && items.every((item, i) => p.hand.children[i] === item);
    if (!unchanged) p.hand.replaceChildren(...items);
    if (focused && p.hand.contains(focused) && document.activeElement !== focused) focused.focus();

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
  }

  play(code) {
    const index = [...this.parts.hand.querySelectorAll('[data-code]')].findIndex((b) => b.dataset.code === code);
    if (!this.model.play(code)) return;
    this.announce(`You played the ${codeName(code)} to the centre.`);
    // Focus stays in the hand: on the next card, else on the hand's heading.
    const rest = this.parts.hand.querySelectorAll('[data-code]');
    const next = rest[Math.min(index, rest.length - 1)];
    (next || this.parts.handTitle).focus();
  }

  renderStatus() {
    const p = this.parts;
    if (!p || !this.model) return;
    const { state, pending, live } = this.model.status;
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

  showNotice(message) {
    if (this.parts) this.parts.notice.textContent = message;
    else this.announce(message);
  }
}
