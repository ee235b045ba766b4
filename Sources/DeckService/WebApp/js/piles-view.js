// The Piles view: each pile is a section, each card a row. Every edit (return a card to the deck, move a row
// within or between piles, draw a card into a pile) is requested from ListEditing's editor in riffle.wasm, whose
// policies decide and whose handlers change the list; the DOM is then patched from the editor's staged diff (no
// re-render), and the API call is queued so the server follows.

import { EditOutcome, PileList, refusalReason } from './engine.js';
import { api, cardImage, cardName, isRed } from './api.js';
import { PILES } from './session.js';

const TITLES = { keep: 'Keep', discard: 'Discard' };
const EDITING_DELETE = 1;
const EDITING_INSERT = 2;

export class PilesView {
  constructor({ root, engine, session, announce, reducedMotion }) {
    this.root = root;
    this.engine = engine;
    this.session = session;
    this.announce = announce;
    this.reducedMotion = reducedMotion;
    this.swipe = null;
    this.container = root.querySelector('[data-piles]');
    this.sectionIdByName = new Map();
    this.nameBySectionId = new Map();
    this.sectionElements = [];  // in display order, matching the list's sections
    this.drag = null;
  }

  start() {
    this.list = new PileList(this.engine, { editing: EDITING_INSERT, movement: 2 });
    this.list.load([]);
    this.patch(this.list.diffTo([PILES.keep, PILES.discard].map((name) => ({ id: this.sectionId(name), rows: [] }))));
  }

  sectionId(name) {
    let id = this.sectionIdByName.get(name);
    if (id === undefined) {
      id = this.sectionIdByName.size + 1;
      this.sectionIdByName.set(name, id);
      this.nameBySectionId.set(id, name);
    }
    return id;
  }

  title(name) { return TITLES[name] || name.replace(/[-_]/g, ' '); }

  // MARK: Model queries

  sections() { return this.list.read(); }

  locate(code) {
    const id = this.session.idByCode.get(code);
    if (id === undefined) return null;
    for (const section of this.sections()) {
      const row = section.rows.indexOf(id);
      if (row >= 0) return { section: section.id, row };
    }
    return null;
  }

  cardsIn(name) {
    const section = this.sections().find((s) => s.id === this.sectionIdByName.get(name));
    return section ? section.rows.map((id) => this.session.card(id)) : [];
  }

  // MARK: Changes made by the Swipe view

  /** A swiped card lands on top of a pile (the end of its section), through the editor's insert policy. */
  cardAdded(card, pileName) {
    const section = this.sectionId(pileName);
    if (!this.sections().some((s) => s.id === section)) this.addSection(pileName);
    const rows = this.sections().find((s) => s.id === section).rows.length;
    const outcome = this.list.insertRow(section, rows, this.session.idFor(card));
    if (outcome === EditOutcome.inserted) this.patch(this.list.diff());
  }

  /** An undone card leaves its pile. */
  cardRemoved(card) {
    const place = this.locate(card.code);
    if (!place) return;
    const outcome = this.list.deleteRow(place.section, place.row);
    if (outcome === EditOutcome.deleted) this.patch(this.list.diff());
  }

  addSection(name) {
    const sections = this.sections();
    sections.push({ id: this.sectionId(name), rows: [] });
    this.patch(this.list.diffTo(sections));
  }

  // MARK: User edits

  deleteRow(code) {
    const place = this.locate(code);
    if (!place) return;
    const card = this.session.card(this.session.idByCode.get(code));
    const pile = this.nameBySectionId.get(place.section);
    const outcome = this.list.deleteRow(place.section, place.row);
    if (outcome !== EditOutcome.deleted) {
      this.announce(`Cannot return the ${cardName(card)}: ${refusalReason(outcome)}.`);
      return;
    }
    this.patch(this.list.diff());
    this.session.pileOf.delete(code);
    if (this.swipe) this.swipe.forgetCard(code);
    this.session.enqueue(`returning the ${cardName(card)} to the deck`, () =>
      api.returnToDeck(this.session.deckId, pile, [code]));
    this.announce(`${cardName(card)} returned to the deck from ${this.title(pile)}.`);
    this.focusAfterRemoval(place);
  }

  moveRow(code, toSection, toRow) {
    const place = this.locate(code);
    if (!place) return false;
    const card = this.session.card(this.session.idByCode.get(code));
    const outcome = this.list.moveRow(place.section, place.row, toSection, toRow);
    if (outcome === EditOutcome.unchanged) return false;
    if (outcome !== EditOutcome.moved) {
      this.announce(`Cannot move the ${cardName(card)}: ${refusalReason(outcome)}.`);
      return false;
    }
    this.patch(this.list.diff());
    const pile = this.nameBySectionId.get(toSection);
    this.session.pileOf.set(code, pile);
    // The API appends to the top of a pile; re-adding the moved card and every card above it rebuilds the order.
    const rows = this.sections().find((s) => s.id === toSection).rows;
    const codes = rows.slice(toRow).map((id) => this.session.card(id).code);
    this.session.enqueue(`moving the ${cardName(card)} to ${pile}`, () =>
      api.addToPile(this.session.deckId, pile, codes));
    const where = place.section === toSection ? `position ${toRow + 1}` : `${this.title(pile)}, position ${toRow + 1}`;
    this.announce(`Moved ${cardName(card)} to ${where} of ${rows.length}.`);
    return true;
  }

  async drawInto(name) {
    const section = this.sectionId(name);
    const rows = this.sections().find((s) => s.id === section).rows.length;
    if (this.list.editingStyle(section, rows) !== EDITING_INSERT) {
      this.announce(`Cards cannot be added to ${this.title(name)}.`);
      return;
    }
    if (this.session.remaining <= 0) {
      this.announce('The deck is empty: no card to draw.');
      return;
    }
    const [card] = await this.session.enqueue(`drawing a card into ${name}`, () => this.session.draw(1));
    if (!card) return;
    const row = this.sections().find((s) => s.id === section).rows.length;
    const outcome = this.list.insertRow(section, row, this.session.idFor(card));
    if (outcome !== EditOutcome.inserted) {
      this.announce(`Cannot add the ${cardName(card)}: ${refusalReason(outcome)}.`);
      return;
    }
    this.patch(this.list.diff());
    this.session.pileOf.set(card.code, name);
    this.session.enqueue(`putting the ${cardName(card)} in ${name}`, () =>
      api.addToPile(this.session.deckId, name, [card.code]));
    this.announce(`Drew the ${cardName(card)} into ${this.title(name)}.`);
  }

  /** Brings the list in line with the server's piles, patching the DOM from the diff. */
  async refresh() {
    if (!this.session.deckId || this.session.pendingCount > 0 || this.session.failure) return;
    const deck = this.session.deckId;
    // A pile listing names every pile but holds the cards of the listed one only.
    const listings = new Map();
    for (const name of [PILES.keep, PILES.discard]) {
      const listing = await api.listPile(deck, name).catch(() => null);
      if (listing) {
        listings.set(name, listing);
        break;
      }
    }
    const first = [...listings.values()][0];
    const names = first ? Object.keys(first.piles || {}) : [];
    const ordered = [PILES.keep, PILES.discard, ...names.filter((n) => n !== PILES.keep && n !== PILES.discard)];
    const sections = [];
    for (const name of ordered) {
      let cards = [];
      if (names.includes(name)) {
        const listing = listings.get(name) || (await api.listPile(deck, name).catch(() => null));
        if (!listing) return;
        cards = listing.piles[name].cards || [];
      }
      for (const card of cards) this.session.pileOf.set(card.code, name);
      sections.push({ id: this.sectionId(name), rows: cards.map((card) => this.session.idFor(card)) });
    }
    if (this.session.pendingCount > 0 || this.session.deckId !== deck) return;
    this.patch(this.list.diffTo(sections));
  }

  // MARK: DOM patching from the staged diff

  patch(stages) {
    for (const stage of stages) this.applyStage(stage);
    this.updateSectionChrome();
  }

  rowsOf(sectionElement) { return sectionElement.querySelector('ol'); }

  applyStage(stage) {
    for (const { section, row, model } of stage.rowUpdates) {
      const old = this.rowsOf(this.sectionElements[section]).children[row];
      old.replaceWith(this.makeRow(model));
    }
    const rowDeletes = [...stage.rowDeletes].sort((a, b) => b.section - a.section || b.row - a.row);
    for (const { section, row } of rowDeletes) this.rowsOf(this.sectionElements[section]).children[row].remove();
    for (const offset of [...stage.sectionDeletes].sort((a, b) => b - a)) {
      this.sectionElements[offset].remove();
      this.sectionElements.splice(offset, 1);
    }

    if (stage.sectionInserts.length || stage.sectionMoves.length) {
      const moved = stage.sectionMoves.map((m) => ({ target: m.target, element: this.sectionElements[m.source] }));
      const movedSet = new Set(moved.map((m) => m.element));
      this.sectionElements = this.sectionElements.filter((element) => !movedSet.has(element));
      const placed = [
        ...moved,
        ...stage.sectionInserts.map((s) => ({ target: s.offset, element: this.makeSection(s.id, s.rows) })),
      ].sort((a, b) => a.target - b.target);
      for (const { target, element } of placed) this.sectionElements.splice(target, 0, element);
      for (const element of this.sectionElements) this.container.appendChild(element);
    }
    for (const offset of stage.sectionUpdates) this.refreshSection(this.sectionElements[offset]);

    if (stage.rowInserts.length || stage.rowMoves.length) {
      const moved = stage.rowMoves.map((m) => ({
        target: m.target,
        element: this.rowsOf(this.sectionElements[m.source.section]).children[m.source.row],
      }));
      for (const { element } of moved) element.remove();
      const placed = [
        ...moved,
        ...stage.rowInserts.map((r) => ({ target: r, element: this.makeRow(r.model) })),
      ].sort((a, b) => a.target.section - b.target.section || a.target.row - b.target.row);
      for (const { target, element } of placed) {
        const rows = this.rowsOf(this.sectionElements[target.section]);
        rows.insertBefore(element, rows.children[target.row] || null);
        this.flash(element);
      }
    }
  }

  flash(element) {
    if (this.reducedMotion.matches) return;
    element.classList.remove('flash');
    void element.offsetWidth;
    element.classList.add('flash');
  }

  makeSection(id, rows) {
    const name = this.nameBySectionId.get(id) || `pile-${id}`;
    const section = document.createElement('section');
    section.className = `pile pile-${name}`;
    section.dataset.pile = name;
    section.dataset.sectionId = String(id);
    const headingId = `pile-heading-${name}`;
    section.setAttribute('aria-labelledby', headingId);
    section.innerHTML = `
      <header class="pile-header">
        <h2 id="${headingId}"><span class="pile-title"></span> <span class="pile-count"></span></h2>
        <button type="button" class="button small" data-insert></button>
      </header>
      <ol class="rows"></ol>
      <p class="pile-empty">No cards here yet. Swipe cards into this pile, or draw one.</p>`;
    section.querySelector('.pile-title').textContent = this.title(name);
    const insert = section.querySelector('[data-insert]');
    insert.textContent = '+ Draw a card';
    insert.setAttribute('aria-label', `Draw a card from the deck into ${this.title(name)}`);
    insert.addEventListener('click', () => this.drawInto(name).catch(() => {}));
    const list = section.querySelector('ol');
    list.setAttribute('aria-label', `${this.title(name)} pile`);
    for (const model of rows) list.appendChild(this.makeRow(model));
    return section;
  }

  refreshSection(section) {
    const name = section.dataset.pile;
    section.querySelector('.pile-title').textContent = this.title(name);
  }

  updateSectionChrome() {
    for (const section of this.sectionElements) {
      const count = this.rowsOf(section).children.length;
      section.querySelector('.pile-count').textContent = `(${count})`;
      section.classList.toggle('is-empty', count === 0);
    }
  }

  makeRow(model) {
    const card = this.session.card(model);
    const name = cardName(card);
    const row = document.createElement('li');
    row.className = 'row';
    row.dataset.code = card.code;
    const handle = document.createElement('button');
    handle.type = 'button';
    handle.className = 'handle';
    handle.setAttribute('aria-label', `Move ${name}: arrow up or down moves it, also into the next pile`);
    handle.innerHTML = '<span aria-hidden="true">⠿</span>';
    const image = document.createElement('img');
    image.src = cardImage(card);
    image.alt = '';
    image.loading = 'lazy';
    const label = document.createElement('span');
    label.className = `name ${isRed(card) ? 'red' : ''}`;
    label.textContent = name;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'button small ghost';
    remove.dataset.delete = '';
    remove.textContent = 'Return';
    remove.setAttribute('aria-label', `Return ${name} to the deck`);
    remove.addEventListener('click', () => this.deleteRow(card.code));
    handle.addEventListener('keydown', (event) => this.handleKey(event, card.code));
    handle.addEventListener('pointerdown', (event) => this.dragStart(event, card.code, row));
    row.append(handle, image, label, remove);
    return row;
  }

  // MARK: Keyboard moves

  handleKey(event, code) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const place = this.locate(code);
    if (!place) return;
    const sections = this.sections();
    const s = sections.findIndex((x) => x.id === place.section);
    const count = sections[s].rows.length;
    let target = null;
    if (event.key === 'ArrowUp') {
      if (place.row > 0) target = { section: place.section, row: place.row - 1 };
      else if (s > 0) target = { section: sections[s - 1].id, row: sections[s - 1].rows.length };
    } else if (place.row < count - 1) {
      target = { section: place.section, row: place.row + 1 };
    } else if (s < sections.length - 1) {
      target = { section: sections[s + 1].id, row: 0 };
    }
    if (!target) return;
    if (this.moveRow(code, target.section, target.row)) this.focusHandle(code);
  }

  focusHandle(code) {
    const row = this.container.querySelector(`li[data-code="${CSS.escape(code)}"] .handle`);
    if (row) row.focus();
  }

  focusAfterRemoval(place) {
    const index = this.sections().findIndex((s) => s.id === place.section);
    const list = this.rowsOf(this.sectionElements[index]);
    const next = list.children[Math.min(place.row, list.children.length - 1)];
    const section = this.sectionElements[index];
    const target = next ? next.querySelector('[data-delete]') : section.querySelector('[data-insert]');
    if (target) target.focus();
  }

  // MARK: Pointer drags by the handle

  dragStart(event, code, row) {
    if (this.drag || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const rect = row.getBoundingClientRect();
    this.drag = {
      code, row, handle, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY,
      height: rect.height, target: null,
    };
    row.classList.add('lifted');
    this.indicator = this.indicator || Object.assign(document.createElement('div'), { className: 'drop-indicator' });
    const move = (e) => this.dragMove(e);
    const end = (e) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      this.dragEnd(e);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }

  dragMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.row.style.transform = `translate(${event.clientX - drag.startX}px, ${event.clientY - drag.startY}px)`;
    drag.target = this.dropTarget(event.clientX, event.clientY);
    if (!drag.target) {
      this.indicator.remove();
      return;
    }
    const place = this.locate(drag.code);
    const refusal = place ? this.list.moveRefusal(place.section, place.row, drag.target.section, drag.target.row) : 0;
    this.indicator.classList.toggle('refused', refusal < 0);
    const list = drag.target.list;
    const others = [...list.children].filter((child) => child !== drag.row && child !== this.indicator);
    list.insertBefore(this.indicator, others[drag.target.row] || null);
  }

  /** The section and row (counted without the dragged row) the pointer is over. */
  dropTarget(x, y) {
    const drag = this.drag;
    // The section under the pointer, else the nearest one (piles sit side by side on wide screens).
    let best = null;
    for (const section of this.sectionElements) {
      const box = section.getBoundingClientRect();
      const dx = Math.max(box.left - x, 0, x - box.right);
      const dy = Math.max(box.top - y, 0, y - box.bottom);
      const distance = Math.hypot(dx, dy);
      if (!best || distance < best.distance) best = { section, distance };
    }
    if (best && best.distance < 80) {
      const section = best.section;
      const list = this.rowsOf(section);
      const others = [...list.children].filter((child) => child !== drag.row && child !== this.indicator);
      let row = 0;
      for (const child of others) {
        const r = child.getBoundingClientRect();
        if (y > r.top + r.height / 2) row += 1;
      }
      return { section: Number(section.dataset.sectionId), row, list };
    }
    return null;
  }

  dragEnd(event) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    drag.row.classList.remove('lifted');
    drag.row.style.transform = '';
    if (this.indicator) this.indicator.remove();
    if (event.type === 'pointercancel' || !drag.target) return;
    if (this.moveRow(drag.code, drag.target.section, drag.target.row)) this.focusHandle(drag.code);
  }
}
