// The Play view's History panel (issue 43): the table's replay for whoever looks (a seated player or a spectator),
// in the table menu, over its other sections. It reads the whole history when opened (play-replay.js) and steps through
// it with "Previous event" and "Next event", saying for each step its position ("Event 3 of 12"), the event in words
// and the table after it: the deck, every hand and pile with its count, and the cards this viewer may see. Fetched
// the first time History is opened, never with the Play view. Every name is text (textContent).
// On a table with rounds (commit and reveal), "Show" chooses every event or one round's: a round's replay comes with
// "Verify this round" (play-verify-view.js, fetched with the first round shown).

import { renderKeyed, setText } from './keyed-render.js';
import { element } from './play-dom.js';
import { TableReplay, placeText, readWholeHistory, replaySteps } from './play-replay.js';

/** Makes a step control ignore activations, without taking the focus away from it. */
function setInactive(control, inactive) {
  if (inactive) control.setAttribute('aria-disabled', 'true');
  else control.removeAttribute('aria-disabled');
}

export class ReplayPanel {
  /**
   * @param {object} options
   * @param {(page: {after: number, limit: number, round: number|null}) => Promise<object>} options.readPage one page
   *   of the history endpoint (of one round, or all of it), as this page's viewer asks for it (with the player's
   *   token, or none for a spectator).
   * @param {() => Promise<object|null>} [options.readLatestRound] the table's latest round object (deck info's
   *   `round`), or null on a table without rounds.
   * @param {(name: string) => string} options.nameOf a player's name as the table shows it.
   * @param {(words: string) => void} options.announce says something in the app's live region.
   * @param {() => void} options.onClose the panel was closed (the owner puts the focus back where History was).
   */
  constructor({ readPage, readLatestRound = async () => null, nameOf, announce, onClose }) {
    this.readPage = readPage;
    this.readLatestRound = readLatestRound;
    this.round = null;
    this.verify = null;
    this.nameOf = nameOf;
    this.announce = announce;
    this.replay = null;
    this.close = element('button', { type: 'button', className: 'button small ghost', text: 'Close the history' });
    const stepButton = (text) => element('button', {
      type: 'button', className: 'button', text, 'aria-disabled': 'true',
    });
    this.previous = stepButton('Previous event');
    this.next = stepButton('Next event');
    this.position = element('p', { className: 'play-history-position' });
    this.status = element('p', { className: 'play-history-status', role: 'status' });
    this.again = element('button', {
      type: 'button', className: 'button small', text: 'Read the history again', hidden: true,
    });
    this.words = element('p', { className: 'play-history-words' });
    this.places = element('ul', {
      className: 'play-history-places', role: 'list', 'aria-labelledby': 'play-history-after',
    });
    this.after = element('section', { className: 'play-area', 'aria-labelledby': 'play-history-after', hidden: true },
      element('h3', { id: 'play-history-after', text: 'The table after it' }), this.places);
    this.rounds = element('select', { id: 'play-history-round' },
      element('option', { value: '', text: 'Every event' }));
    this.choice = element('div', { className: 'play-history-choice', hidden: true },
      element('label', { for: 'play-history-round', text: 'Show' }), this.rounds);
    this.verifyPlace = element('div', { className: 'play-history-verify' });
    this.root = element('section', {
      id: 'play-history', className: 'play-drawer play-history', 'aria-labelledby': 'play-history-title',
    },
    element('div', { className: 'play-drawer-bar' },
      element('h2', { id: 'play-history-title', text: 'History' }), this.close),
    this.choice,
    element('div', { className: 'play-history-steps', role: 'group', 'aria-label': 'Step through the events' },
      this.position, this.previous, this.next),
    this.status, this.again, this.words, this.after, this.verifyPlace);
    this.close.addEventListener('click', () => onClose());
    this.root.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      // Escape leaves the History for the table menu it was opened from, not the menu too.
      event.stopPropagation();
      onClose();
    });
    this.previous.addEventListener('click', () => this.step(() => this.replay.stepBack()));
    this.next.addEventListener('click', () => this.step(() => this.replay.stepForward()));
    this.again.addEventListener('click', () => this.load());
    this.rounds.addEventListener('change', () => {
      this.round = Number(this.rounds.value) || null;
      this.load();
    });
  }

  /** Offers every round of the table up to `latest` (the deck's latest round object), newest first. */
  offerRounds(latest) {
    const count = latest && Number.isInteger(latest.number) && latest.number > 0 ? latest.number : 0;
    const options = [{ value: '', text: 'Every event' }];
    for (let number = count; number >= 1; number -= 1) {
      const open = number === count && !latest.over;
      options.push({ value: String(number), text: `Round ${number}${open ? ', being played' : ''}` });
    }
    renderKeyed(this.rounds, options, {
      key: (option) => option.value,
      create: (option) => element('option', { value: option.value }),
      update: (node, option) => setText(node, option.text),
    });
    this.rounds.value = this.round ? String(this.round) : '';
    this.choice.hidden = count === 0;
  }

  /**
   * Reads the whole history (or the round chosen) afresh and shows its first event; a round's check follows. The
   * table's rounds are read again alongside (a table without them offers no choice).
   */
  async load() {
    const reading = {};
    const round = this.round;
    this.reading = reading;
    this.replay = null;
    this.again.hidden = true;
    if (this.verify) this.verify.clear();
    this.root.setAttribute('aria-busy', 'true');
    this.status.textContent = round ? `Reading round ${round}…` : 'Reading the history…';
    this.render();
    this.readLatestRound().then((latest) => {
      if (this.reading === reading) this.offerRounds(latest);
    }, () => {});
    try {
      const [history, verify] = await Promise.all([
        readWholeHistory(({ after, limit }) => this.readPage({ after, limit, round })),
        round ? this.verifyPanel() : null,
      ]);
      if (this.reading !== reading) return;
      this.replay = new TableReplay(replaySteps(history.events, { me: history.viewer, nameOf: this.nameOf }));
      const nothing = round ? `Nothing has happened in round ${round}.` : 'Nothing has happened at this table yet.';
      this.status.textContent = this.replay.current ? '' : nothing;
      this.root.removeAttribute('aria-busy');
      this.render();
      if (this.replay.current) this.announce(`${this.replay.position}: ${this.replay.current.words}`);
      if (verify) await verify.show(history);
    } catch (failure) {
      if (this.reading !== reading) return;
      this.root.removeAttribute('aria-busy');
      const what = round ? `Round ${round}` : 'The history';
      this.status.textContent = failure.status === 404 && round
        ? `${what} is not kept: the server no longer has its events.`
        : `${what} could not be read: ${failure.message}`;
      this.again.hidden = false;
    }
  }

  /** "Verify this round", made the first time a round is shown (its code is fetched then). */
  async verifyPanel() {
    if (!this.verify) {
      const { RoundVerifyPanel, loadVerifyStyles } = await import('./play-verify-view.js');
      await loadVerifyStyles();
      if (!this.verify) {
        this.verify = new RoundVerifyPanel({ announce: this.announce });
        this.verifyPlace.append(this.verify.root);
      }
    }
    return this.verify;
  }

  /** Moves one event (`move` says whether it did) and says where the replay is now. */
  step(move) {
    if (!this.replay || !move()) return;
    this.render();
    this.announce(`${this.replay.position}: ${this.replay.current.words}`);
  }

  render() {
    const replay = this.replay;
    const step = replay && replay.current;
    setInactive(this.previous, !step || replay.atStart);
    setInactive(this.next, !step || replay.atEnd);
    setText(this.position, replay ? replay.position : '');
    setText(this.words, step ? step.words : '');
    this.after.hidden = !step;
    renderKeyed(this.places, step ? step.places : [], {
      key: (entry) => entry.key,
      create: () => element('li', {}, element('strong'), document.createTextNode('')),
      update: (item, entry) => {
        setText(item.firstChild, entry.label);
        const rest = placeText(entry).slice(entry.label.length);
        if (item.lastChild.data !== rest) item.lastChild.data = rest;
      },
    });
  }
}
