// "Verify this round", under the History's replay of one round (play-replay-view.js): the round's number, its
// commitment and its seed (or why it is not shown), and, once the seed is revealed, the check computed in this
// browser (play-verify.js, with PlayingCards' wasm build for a standard deck): the commitment recomputed, the steps
// of the stack replayed, one line per card taken with its check, this viewer's own cards cross-checked, the seed's
// order, and the verdict. Fetched with the first round shown, never with the Play view. Every text is textContent.

import { renderKeyed, setText } from './keyed-render.js';
import { element } from './play-dom.js';
import { revealState, roundRecord, verifyRound } from './play-verify.js';
import { codeName } from './play-words.js';
import { loadShuffleWasm } from './shuffle-wasm.js';

let stylesheet = null;
/** The panel's own style sheet, fetched with the first round shown (the Play view's does not carry it). */
export function loadVerifyStyles() {
  if (!stylesheet) {
    stylesheet = new Promise((resolve) => {
      const link = element('link', { rel: 'stylesheet', href: 'css/play-verify.css' });
      link.addEventListener('load', resolve);
      link.addEventListener('error', resolve);
      document.head.append(link);
    });
  }
  return stylesheet;
}

const HOW = {
  wasm: 'Computed in this browser by PlayingCards\' own shuffle, built for WebAssembly (shuffle.wasm).',
  javascript: 'Computed in this browser by this page\'s JavaScript (riffle-shuffle-v1 and riffle-commit-v1).',
};

/** A term and its value in the round's description list. */
function entry(term, value) {
  return element('div', {}, element('dt', { text: term }), value);
}

/** A list under its own heading, hidden while it has nothing to show. */
function listSection(id, title, list) {
  list.setAttribute('aria-labelledby', id);
  return element('section', { className: 'play-verify-part', 'aria-labelledby': id, hidden: true },
    element('h4', { id, text: title }), list);
}

function renderLines(list, lines, className = () => '') {
  renderKeyed(list, lines, {
    key: (line) => line.key,
    create: () => element('li'),
    update: (item, line) => {
      setText(item, line.words);
      const wanted = className(line);
      if (item.className !== wanted) item.className = wanted;
    },
  });
  list.parentElement.hidden = lines.length === 0;
}

const holdClass = (line) => (line.holds === false ? 'play-verify-fails' : line.holds ? 'play-verify-holds' : '');

export class RoundVerifyPanel {
  /**
   * @param {object} options
   * @param {(words: string) => void} options.announce says something in the app's live region.
   * @param {() => Promise<object>} [options.loadWasm] shuffle.wasm's exports (shuffle-wasm.js).
   */
  constructor({ announce, loadWasm = loadShuffleWasm }) {
    this.announce = announce;
    this.loadWasm = loadWasm;
    this.number = element('dd');
    this.commitment = element('dd', { className: 'play-verify-hex' });
    this.seed = element('dd', { className: 'play-verify-hex' });
    this.recomputed = element('span', { className: 'play-verify-hex' });
    this.matches = element('span', { className: 'play-verify-match' });
    this.recomputedEntry = entry('Recomputed here', element('dd', {}, this.recomputed, this.matches));
    this.recomputedEntry.hidden = true;
    this.entropy = element('dd');
    this.entropyEntry = entry('Players\' entropy', this.entropy);
    this.entropyEntry.hidden = true;
    this.orderSeed = element('dd', { className: 'play-verify-hex' });
    this.orderSeedEntry = entry('Order from', this.orderSeed);
    this.orderSeedEntry.hidden = true;
    this.facts = element('dl', { className: 'play-verify-facts' },
      entry('Round', this.number), entry('Commitment', this.commitment), entry('Seed', this.seed),
      this.entropyEntry, this.recomputedEntry, this.orderSeedEntry);
    this.status = element('p', { className: 'play-verify-status', role: 'status' });
    this.verdict = element('p', { className: 'play-verify-verdict', hidden: true });
    this.how = element('p', { className: 'play-verify-how', hidden: true });
    this.steps = element('ol', { className: 'play-verify-lines' });
    this.rows = element('ul', { className: 'play-verify-lines play-verify-rows' });
    this.mine = element('ul', { className: 'play-verify-lines' });
    this.mineWords = element('p', { className: 'play-verify-mine' });
    this.mineSection = element('section', {
      className: 'play-verify-part', 'aria-labelledby': 'play-verify-mine', hidden: true,
    },
    element('h4', { id: 'play-verify-mine', text: 'Your cards' }), this.mineWords, this.mine);
    this.orderSummary = element('summary');
    this.order = element('ol', { className: 'play-verify-order' });
    this.orderSection = element('details', { className: 'play-verify-part', hidden: true },
      this.orderSummary, this.order);
    this.root = element('section', {
      className: 'play-area play-verify', 'aria-labelledby': 'play-verify-title', hidden: true,
    },
    element('h3', { id: 'play-verify-title', text: 'Verify this round' }),
    this.facts, this.status, this.verdict, this.how,
    listSection('play-verify-steps', 'The stack, step by step', this.steps),
    listSection('play-verify-rows', 'Every card taken, checked', this.rows),
    this.mineSection, this.orderSection);
  }

  /** Hides the panel (the whole history is shown, or nothing is read yet). */
  clear() {
    this.checking = null;
    this.root.hidden = true;
  }

  /**
   * Shows a round (`history`: readWholeHistory's answer for `?round=N`, with its `round`) and, once its seed is
   * revealed, checks it. Resolves when the check is shown.
   */
  async show(history) {
    const record = roundRecord(history.round);
    if (!record) {
      this.clear();
      return;
    }
    const checking = {};
    this.checking = checking;
    const { round } = record;
    const reveal = revealState(round);
    this.root.hidden = false;
    setText(this.number, `${round.number}${round.over ? ', over' : ', being played'}`);
    setText(this.commitment, round.commitment || '');
    setText(this.seed, reveal.words);
    this.seed.classList.toggle('play-verify-hex', reveal.revealed);
    const entropy = Array.isArray(round.entropy) ? round.entropy : [];
    this.entropyEntry.hidden = entropy.length === 0;
    const said = (entry) => `${entry.player ? `${entry.player}: ` : ''}“${entry.text}”`;
    setText(this.entropy, entropy.map(said).join(', '));
    this.showCheck(null);
    if (!reveal.revealed) {
      setText(this.status, 'Only the commitment is known: the order cannot be checked before the seed is revealed.');
      return;
    }
    setText(this.status, 'Checking the round in this browser…');
    let wasm = null;
    try { wasm = await this.loadWasm(); } catch { wasm = null; }
    let audit;
    try {
      audit = await verifyRound(record, { events: history.events, viewer: history.viewer, wasm });
    } catch (failure) {
      if (this.checking === checking) setText(this.status, `The round could not be checked: ${failure.message}`);
      return;
    }
    if (this.checking !== checking) return;
    setText(this.status, '');
    this.showCheck(audit);
    this.announce(audit.verdict);
  }

  /** Draws a check (null: none yet). */
  showCheck(audit) {
    this.recomputedEntry.hidden = !audit;
    // Only a round the players added entropy to has an order seed of its own (riffle-mix-v1).
    this.orderSeedEntry.hidden = !audit || !audit.orderSeed || !audit.orderSeed.startsWith('riffle-mix-v1:');
    if (audit && audit.orderSeed) setText(this.orderSeed, audit.orderSeed);
    this.verdict.hidden = !audit;
    this.how.hidden = !audit;
    if (audit) {
      setText(this.recomputed, audit.recomputed || 'nothing (the seed is not a seed)');
      setText(this.matches, audit.commitmentHolds ? 'It matches the commitment.' : 'It does not match the commitment.');
      this.matches.className = `play-verify-match ${audit.commitmentHolds ? 'play-verify-holds' : 'play-verify-fails'}`;
      setText(this.verdict, audit.verdict);
      this.verdict.className = `play-verify-verdict ${audit.verified ? 'play-verify-holds' : 'play-verify-fails'}`;
      const why = audit.standard ? ' (shuffle.wasm could not be loaded)'
        : ': these cards are not a standard deck, the only cards the WebAssembly build takes';
      setText(this.how, audit.by === 'javascript' ? HOW.javascript.replace(/\.$/, `${why}.`) : HOW.wasm);
    }
    renderLines(this.steps, audit ? audit.steps.map((step) => ({ key: step.number, words: step.words })) : []);
    const rows = audit
      ? audit.rows.map((row) => ({ key: row.number, words: row.words, holds: row.checked ? row.holds : null })) : [];
    renderLines(this.rows, rows, holdClass);
    const cross = audit && audit.crossCheck;
    this.mineSection.hidden = !cross;
    setText(this.mineWords, cross ? cross.words : '');
    renderKeyed(this.mine, cross ? cross.rows.map((row, index) => ({ ...row, key: index })) : [], {
      key: (row) => row.key,
      create: () => element('li'),
      update: (item, row) => {
        setText(item, row.words);
        item.className = holdClass(row);
      },
    });
    const order = (audit && audit.order) || [];
    this.orderSection.hidden = order.length === 0;
    setText(this.orderSummary, `The seed's order: ${order.length} cards, top first`);
    renderKeyed(this.order, order.map((code, index) => ({ code, index })), {
      key: (card) => card.index,
      create: () => element('li'),
      update: (item, card) => setText(item, `the ${codeName(card.code)}`),
    });
  }
}
