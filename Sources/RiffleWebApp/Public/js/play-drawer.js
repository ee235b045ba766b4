// The Play view's table menu: a drawer opened on demand ("Table menu"), over the felt and never pushing it away. It
// holds the move log (a focusable, scrollable region) with the way to the table's History, giving the lifted cards
// to a player, dealing (the host's "Deal N to everyone", and N cards to one place), the turn (pass it on, or start
// turns), the host's tools (a new round, strict turns, seats, removing a player), the links to share, and the other
// views. Rendered from the PlayModel; the owner (play-view.js) makes the changes. Every name is text (textContent).

import { renderKeyed, setText } from './keyed-render.js';
import { element } from './play-dom.js';
import { CENTRE, otherPlayers } from './play-state.js';

const LOG_SHOWN = 40;
const NO_MOVES = Symbol('no moves yet');  // the line drawn while the log is empty (a key of its own)

function setWaiting(control, waiting) {
  if (waiting) control.setAttribute('aria-disabled', 'true');
  else control.removeAttribute('aria-disabled');
}

function isWaiting(control) { return control.getAttribute('aria-disabled') === 'true'; }

export class PlayDrawer {
  /**
   * @param {object} options
   * @param {() => object} options.model the PlayModel shown.
   * @param {object} options.actions what the controls do: give(player), deal(to, count), dealToEveryone(count),
   *   passTurn(), newRound(), setStrict(strict), remove(name), seatEarlier(name), giveTurn(name), announce(words),
   *   openHistory(), closeHistory().
   * @param {string} options.link the table's link.
   */
  constructor({ model, actions, link }) {
    this.model = model;
    this.actions = actions;
    this.toggle = element('button', {
      type: 'button', className: 'button small', text: 'Table menu', 'aria-expanded': 'false', 'aria-controls': 'play-drawer',
    });
    this.close = element('button', { type: 'button', className: 'button small ghost', text: 'Close the menu' });
    this.log = element('ul', {
      className: 'play-log', tabindex: '0', role: 'list', 'aria-labelledby': 'play-log-title',
    });
    // The table's replay, step by step (play-replay-view.js, fetched when first opened).
    this.history = element('button', {
      type: 'button', className: 'button small', text: 'History', 'aria-expanded': 'false', 'aria-controls': 'play-history',
    });
    this.giveTo = element('select', { id: 'play-give-to' });
    this.giveButton = element('button', { type: 'button', className: 'button', text: 'Give' });
    this.give = element('section', { className: 'play-area', 'aria-labelledby': 'play-give-title' },
      element('h3', { id: 'play-give-title', text: 'Give the lifted cards' }),
      element('p', { className: 'play-form' }, element('label', { for: 'play-give-to', text: 'to' }), this.giveTo,
        this.giveButton));
    this.everyoneCount = element('input', { id: 'play-everyone-count', type: 'number', min: '1', max: '54', value: '5', inputmode: 'numeric' });
    this.everyoneButton = element('button', { type: 'button', className: 'button primary', text: 'Deal to everyone' });
    this.everyone = element('p', { className: 'play-form' },
      element('label', { for: 'play-everyone-count', text: 'Cards each' }), this.everyoneCount, this.everyoneButton);
    this.dealCount = element('input', { id: 'play-deal-count', type: 'number', min: '1', max: '52', value: '5', inputmode: 'numeric' });
    this.dealTo = element('select', { id: 'play-deal-to' });
    this.dealButton = element('button', { type: 'submit', className: 'button', text: 'Deal' });
    const dealForm = element('form', { className: 'play-deal' },
      element('label', { for: 'play-deal-count', text: 'How many cards' }), this.dealCount,
      element('label', { for: 'play-deal-to', text: 'Deal to' }), this.dealTo, this.dealButton);
    this.passTurn = element('button', { type: 'button', className: 'button', text: 'Pass the turn' });
    this.host = element('section', { className: 'play-area play-round', 'aria-labelledby': 'play-host-title' });
    this.removeList = element('ul', { className: 'play-remove', role: 'list' });
    this.root = element('section', {
      id: 'play-drawer', className: 'play-drawer', 'aria-labelledby': 'play-drawer-title', hidden: true,
    },
    element('div', { className: 'play-drawer-bar' },
      element('h2', { id: 'play-drawer-title', text: 'Table menu' }), this.close),
    element('section', { className: 'play-area play-moves', 'aria-labelledby': 'play-log-title' },
      element('div', { className: 'play-moves-bar' },
        element('h3', { id: 'play-log-title', text: 'Moves' }), this.history), this.log),
    this.give,
    this.sortSlot = element('div', { className: 'play-sort-slot' }),
    this.dealer = element('section', { className: 'play-area play-dealer', 'aria-labelledby': 'play-deal-title' },
      element('h3', { id: 'play-deal-title', text: 'Deal from the deck' }), this.everyone, dealForm, this.passTurn),
    this.host,
    element('section', { className: 'play-area play-invite', 'aria-labelledby': 'play-invite-title' },
      element('h3', { id: 'play-invite-title', text: 'Invite' }),
      this.linkField('play-share', 'Share this table', link, 'The table link is copied.'),
      this.linkField('play-watch', 'Watch link (no seat)', `${link}/watch`, 'The watch link is copied.')),
    // A phone on its side gives the app's header to the felt: the other views are reached from here.
    element('nav', { className: 'play-views', 'aria-label': 'Other views' },
      ...[['swipe', 'Swipe'], ['table', 'Table'], ['piles', 'Piles']].map(([view, text]) => element('a', {
        href: `${location.origin}${location.pathname}#${view}`, text,
      }))));
    this.history.addEventListener('click', () => actions.openHistory());
    this.toggle.addEventListener('click', () => this.setOpen(this.root.hidden));
    this.close.addEventListener('click', () => this.setOpen(false));
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.setOpen(false);
    });
    this.giveButton.addEventListener('click', (event) => {
      if (event.detail < 2 && !isWaiting(this.giveButton) && this.giveTo.value) actions.give(this.giveTo.value);
    });
    this.everyoneButton.addEventListener('click', (event) => {
      if (event.detail > 1 || isWaiting(this.everyoneButton)) return;
      actions.dealToEveryone(Number(this.everyoneCount.value));
    });
    this.dealButton.addEventListener('click', (event) => { if (event.detail > 1) event.preventDefault(); });
    dealForm.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!isWaiting(this.dealButton)) actions.deal(this.dealTo.value, Number(this.dealCount.value));
    });
    this.passTurn.addEventListener('click', (event) => {
      if (event.detail < 2 && !isWaiting(this.passTurn)) actions.passTurn();
    });
    this.buildHost();
  }

  get open() { return !this.root.hidden; }

  /** Opens or closes the drawer; closing gives the focus back to the toggle when it was inside. */
  setOpen(open) {
    if (!open) this.actions.closeHistory();
    const inside = this.root.contains(document.activeElement);
    this.root.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('has-drawer', open);
    if (open) this.close.focus();
    else if (inside) this.toggle.focus();
  }

  linkField(id, label, value, copied) {
    const input = element('input', { id, readonly: true, value });
    const copy = element('button', { type: 'button', className: 'button small ghost', text: 'Copy', 'aria-describedby': id });
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(value);
        this.actions.announce(copied);
      } catch {
        input.select();
      }
    });
    return element('div', { className: 'play-share' }, element('label', { for: id, text: label }), input, copy);
  }

  /** The host's tools: a new round (with a confirmation: it takes every hand back), strict turns, the players. */
  buildHost() {
    this.roundButton = element('button', { type: 'button', className: 'button', text: 'Start a new round' });
    const text = element('p', { id: 'play-round-text', text: 'Every card, every hand included, goes back into the deck and is shuffled.' });
    const confirm = element('button', {
      type: 'button', className: 'button primary', text: 'Collect and shuffle', 'aria-describedby': 'play-round-text',
    });
    const cancel = element('button', { type: 'button', className: 'button ghost', text: 'Cancel' });
    this.roundConfirm = element('div', { className: 'play-confirm', hidden: true }, text, confirm, cancel);
    this.strictBox = element('input', { type: 'checkbox', id: 'play-strict' });
    this.strict = element('p', { className: 'play-strict', hidden: true }, this.strictBox,
      element('label', { for: 'play-strict', text: 'Strict turns: only the player whose turn it is moves cards' }));
    this.strictBox.addEventListener('change', () => {
      if (!this.actions.setStrict(this.strictBox.checked)) this.strictBox.checked = this.model().roster.strictTurns;
    });
    this.host.append(element('h3', { id: 'play-host-title', text: 'Host' }), this.roundButton, this.roundConfirm,
      this.strict, this.removeList);
    this.roundButton.addEventListener('click', () => {
      if (isWaiting(this.roundButton)) return;
      this.roundConfirm.hidden = false;
      confirm.focus();
    });
    cancel.addEventListener('click', () => {
      this.roundConfirm.hidden = true;
      this.roundButton.focus();
    });
    confirm.addEventListener('click', () => {
      this.roundConfirm.hidden = true;
      this.roundButton.focus();
      this.actions.newRound();
    });
  }

  render(others) {
    const model = this.model();
    const view = model.view;
    const me = model.me;
    const entries = model.log.slice(-LOG_SHOWN).reverse();
    renderKeyed(this.log, entries.length ? entries : [NO_MOVES], {
      key: (entry) => (entry === NO_MOVES ? NO_MOVES : entry.id),
      create: (entry) => (entry === NO_MOVES ? element('li', { className: 'muted', text: 'No moves yet.' }) : element('li')),
      update: (item, entry) => { if (entry !== NO_MOVES) setText(item, entry.text); },
    });
    this.give.hidden = !me;
    this.dealer.hidden = !me;
    this.host.hidden = !model.isHost;
    if (!me) return;
    // An option stays while its player does, so an open list is not pulled from under the user.
    const people = otherPlayers(view, me).map((name) => ({ value: name, text: model.nameOf(name) }));
    renderOptions(this.giveTo, people.length ? people : [{ value: '', text: 'nobody yet' }]);
    const targets = [...otherPlayers(view, me), me, CENTRE].map((name) => ({
      value: name,
      text: name === me ? `${model.nameOf(me)} (you)` : name === CENTRE ? 'the centre (face up)' : model.nameOf(name),
    }));
    renderOptions(this.dealTo, targets);
    this.everyone.hidden = !model.isHost;
    setWaiting(this.everyoneButton, model.isPending('dealAll'));
    this.everyoneButton.disabled = !model.loaded || view.remaining === 0;
    this.dealButton.disabled = !model.loaded || view.remaining === 0;
    setWaiting(this.dealButton, model.isPending('deal'));
    const turns = model.roster.knows.turns;
    this.passTurn.hidden = !turns || !(model.roster.turn === me || model.isHost);
    this.passTurn.textContent = turns && !model.roster.turn ? 'Start turns' : 'Pass the turn';
    setWaiting(this.passTurn, model.isPending('turn'));
    setWaiting(this.roundButton, model.isPending('newRound'));
    this.strict.hidden = !(model.isHost && turns);
    this.strictBox.checked = model.roster.strictTurns;
    this.renderRemove(model, others);
  }

  /** The host's list of players: remove (with a confirmation), seat one earlier, give the turn. */
  renderRemove(model, others) {
    const turns = model.roster.knows.turns;
    renderKeyed(this.removeList, others.map((name) => ({ name, shown: model.nameOf(name), turns })), {
      key: (player) => player.name,
      create: (player) => this.removeItem(player.name),
      update: (item, player) => drawRemoveItem(item, player),
    });
  }

  /** A player in the host's list: their name, Remove (and its confirmation), and the turn's buttons. */
  removeItem(name) {
    const parts = {
      name: element('span', { className: 'play-remove-name' }),
      ask: element('button', { type: 'button', className: 'button small ghost' }),
      confirm: element('div', { className: 'play-confirm', hidden: true }),
      what: element('p'),
      yes: element('button', { type: 'button', className: 'button small primary' }),
      no: element('button', { type: 'button', className: 'button small ghost', text: 'Keep them' }),
      earlier: element('button', { type: 'button', className: 'button small ghost' }),
      give: element('button', { type: 'button', className: 'button small ghost' }),
    };
    parts.confirm.append(parts.what, parts.yes, parts.no);
    parts.ask.addEventListener('click', () => {
      parts.confirm.hidden = false;
      parts.yes.focus();
    });
    parts.no.addEventListener('click', () => {
      parts.confirm.hidden = true;
      parts.ask.focus();
    });
    parts.yes.addEventListener('click', () => {
      parts.confirm.hidden = true;
      this.roundButton.focus();
      this.actions.remove(name);
    });
    parts.earlier.addEventListener('click', () => this.actions.seatEarlier(name));
    parts.give.addEventListener('click', () => this.actions.giveTurn(name));
    const item = element('li');
    item.parts = parts;
    return item;
  }
}

/** A player in the host's list, drawn from their name as shown and whether the table keeps turns. */
function drawRemoveItem(item, { shown, turns }) {
  const { name, ask, confirm, what, yes, earlier, give } = item.parts;
  setText(name, shown);
  setText(ask, `Remove ${shown}`);
  setText(what, `${shown}'s hand goes to the bottom of the deck.`);
  setText(yes, `Yes, remove ${shown}`);
  setText(earlier, `Seat ${shown} one earlier`);
  setText(give, `Give ${shown} the turn`);
  // The turn's buttons only where the server keeps turns.
  renderKeyed(item, turns ? [name, ask, confirm, earlier, give] : [name, ask, confirm], {
    key: (part) => part, create: (part) => part,
  });
}

/** A select's options, one per choice (by value); the choice made stays while its option does. */
function renderOptions(select, choices) {
  renderKeyed(select, choices, {
    key: (choice) => choice.value,
    create: (choice) => element('option', { value: choice.value }),
    update: (option, choice) => setText(option, choice.text),
  });
}
