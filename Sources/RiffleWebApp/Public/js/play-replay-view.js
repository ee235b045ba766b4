// The Play view's History panel (issue 43): the table's replay for whoever looks (a seated player or a spectator),
// in the table menu, over its other sections. It reads the whole history when opened (play-replay.js) and steps through
// it with "Previous event" and "Next event", saying for each step its position ("Event 3 of 12"), the event in words
// and the table after it: the deck, every hand and pile with its count, and the cards this viewer may see. Fetched
// the first time History is opened, never with the Play view. Every name is text (textContent).

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
   * @param {(page: {after: number, limit: number}) => Promise<object>} options.readPage one page of the history
   *   endpoint, as this page's viewer asks for it (with the player's token, or none for a spectator).
   * @param {(name: string) => string} options.nameOf a player's name as the table shows it.
   * @param {(words: string) => void} options.announce says something in the app's live region.
   * @param {() => void} options.onClose the panel was closed (the owner puts the focus back where History was).
   */
  constructor({ readPage, nameOf, announce, onClose }) {
    this.readPage = readPage;
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
    this.root = element('section', {
      id: 'play-history', className: 'play-drawer play-history', 'aria-labelledby': 'play-history-title',
    },
    element('div', { className: 'play-drawer-bar' },
      element('h2', { id: 'play-history-title', text: 'History' }), this.close),
    element('div', { className: 'play-history-steps', role: 'group', 'aria-label': 'Step through the events' },
      this.position, this.previous, this.next),
    this.status, this.again, this.words, this.after);
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
  }

  /** Reads the whole history afresh and shows its first event. */
  async load() {
    const reading = {};
    this.reading = reading;
    this.replay = null;
    this.again.hidden = true;
    this.root.setAttribute('aria-busy', 'true');
    this.status.textContent = 'Reading the history…';
    this.render();
    try {
      const { events, viewer } = await readWholeHistory(this.readPage);
      if (this.reading !== reading) return;
      this.replay = new TableReplay(replaySteps(events, { me: viewer, nameOf: this.nameOf }));
      this.status.textContent = this.replay.current ? '' : 'Nothing has happened at this table yet.';
      this.root.removeAttribute('aria-busy');
      this.render();
      if (this.replay.current) this.announce(`${this.replay.position}: ${this.replay.current.words}`);
    } catch (failure) {
      if (this.reading !== reading) return;
      this.root.removeAttribute('aria-busy');
      this.status.textContent = `The history could not be read: ${failure.message}`;
      this.again.hidden = false;
    }
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
