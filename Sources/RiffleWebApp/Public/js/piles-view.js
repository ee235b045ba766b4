// The Piles view: each pile is a section, each card a row. The deck model owns the piles; this view renders them
// through ListEditing's editor in riffle.wasm: on every model change the list is diffed to the model's piles and
// the DOM is patched from the staged diff (no re-render), and a drag or key move is checked against the editor's
// policies before it is sent to the model as a command.
//
// A card drawn into a pile shows at once as a pending row (a card back: which card it is only the server knows) until
// the server deals it; then the row becomes that card and the user hears which card it is.

import { refusalReason, PileList } from './engine.js';
import { cardImage, cardName, isRed } from './api.js';
import { PILES } from './deck-state.js';

const TITLES = { keep: 'Keep', discard: 'Discard' };
const SHOWN = [PILES.keep, PILES.discard];
const EDITING_INSERT = 2;

export class PilesView {
  constructor({ root, engine, model, announce, reducedMotion }) {
    this.root = root;
    this.engine = engine;
    this.model = model;
    this.announce = announce;
    this.reducedMotion = reducedMotion;
    this.container = root.querySelector('[data-piles]');
    this.sectionIdByName = new Map();
    this.nameBySectionId = new Map();
    this.rowIdByCode = new Map();  // ListEditing rows are integers: one per card code
    this.codeByRowId = [];
    this.sectionElements = [];  // in display order, matching the list's sections
    this.drag = null;
    this.awaiting = { keep: 0, discard: 0 };  // draws into each pile the user asked for, not dealt yet
    this.seen = null;           // the codes dealt (in the hand or a pile) at the last render
  }

  start() {
    this.list = new PileList(this.engine, { editing: EDITING_INSERT, movement: 2 });
    this.list.load([]);
    this.render();
    this.model.addEventListener('change', () => this.render());
    this.model.addEventListener('status', () => this.renderPending());
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

  rowId(code) {
    let id = this.rowIdByCode.get(code);
    if (id === undefined) {
      id = this.codeByRowId.length;
      this.codeByRowId.push(code);
      this.rowIdByCode.set(code, id);
    }
    return id;
  }

  title(name) { return TITLES[name] || name.replace(/[-_]/g, ' '); }

  /** Diffs the list to the model's piles and patches the DOM from the staged changes. */
  render() {
    const focusedCode = this.focusedRowCode();
    const sections = SHOWN.map((name) => ({
      id: this.sectionId(name), rows: this.model.view.piles[name].map((code) => this.rowId(code)),
    }));
    this.patch(this.list.diffTo(sections));
    if (focusedCode && !this.root.contains(document.activeElement)) this.focusHandle(focusedCode);
    this.announceArrivals();
    this.renderPending();
  }

  /** A card the user drew into a pile has come from the deck: say which. */
  announceArrivals() {
    const view = this.model.view;
    const dealt = new Set([...view.hand, ...Object.values(view.piles).flat()]);
    for (const name of SHOWN) {
      if (this.awaiting[name] > 0 && this.seen) {
        for (const code of view.piles[name]) {
          if (this.seen.has(code) || this.awaiting[name] === 0) continue;
          this.awaiting[name] -= 1;
          this.announce(`Drew the ${cardName(this.model.card(code))} into ${this.title(name)}.`);
        }
      }
      // A draw that dealt nothing (the deck ran out, or the server refused it) is not waited for any more.
      this.awaiting[name] = Math.min(this.awaiting[name], view.dealing[name] || 0);
    }
    this.seen = dealt;
  }

  /** A pending row per card on its way into a pile, saying whether it waits for the server. */
  renderPending() {
    const stalled = this.model.status.state === 'stalled';
    for (const section of this.sectionElements) {
      const name = section.dataset.pile;
      const count = this.model.view.dealing[name] || 0;
      const list = section.querySelector('[data-pending]');
      while (list.children.length > count) list.lastElementChild.remove();
      while (list.children.length < count) {
        const row = document.createElement('li');
        row.className = 'pending-row';
        // Drawn in CSS: no image to fetch while the server cannot be reached.
        const back = document.createElement('span');
        back.className = 'card-back';
        const label = document.createElement('span');
        label.className = 'name';
        row.append(back, label);
        list.appendChild(row);
      }
      const text = stalled
        ? 'A card from the deck, waiting for the card server: it comes when the server is back.'
        : 'A card from the deck, on its way…';
      for (const label of list.querySelectorAll('.name')) if (label.textContent !== text) label.textContent = text;
      list.hidden = count === 0;
      section.classList.toggle('is-empty', this.rowsOf(section).children.length === 0 && count === 0);
    }
  }

  focusedRowCode() {
    const row = document.activeElement && document.activeElement.closest && document.activeElement.closest('li.row');
    return row && this.root.contains(row) ? row.dataset.code : null;
  }

  // MARK: Model queries

  sections() { return this.list.read(); }

  locate(code) {
    const id = this.rowIdByCode.get(code);
    if (id === undefined) return null;
    for (const section of this.sections()) {
      const row = section.rows.indexOf(id);
      if (row >= 0) return { section: section.id, row };
    }
    return null;
  }

  // MARK: User edits

  deleteRow(code) {
    const place = this.locate(code);
    if (!place) return;
    const card = this.model.card(code);
    const pile = this.nameBySectionId.get(place.section);
    if (!this.model.returnCard(code)) return;
    this.announce(`${cardName(card)} returned to the deck from ${this.title(pile)}.`);
    this.focusAfterRemoval(place);
  }

  moveRow(code, toSection, toRow) {
    const place = this.locate(code);
    if (!place) return false;
    const card = this.model.card(code);
    const refusal = this.list.moveRefusal(place.section, place.row, toSection, toRow);
    if (refusal < 0) {
      this.announce(`Cannot move the ${cardName(card)}: ${refusalReason(refusal)}.`);
      return false;
    }
    const pile = this.nameBySectionId.get(toSection);
    if (!this.model.moveRow(code, pile, toRow)) return false;
    const rows = this.model.view.piles[pile].length;
    const where = place.section === toSection ? `position ${toRow + 1}` : `${this.title(pile)}, position ${toRow + 1}`;
    this.announce(`Moved ${cardName(card)} to ${where} of ${rows}.`);
    return true;
  }

  drawInto(name) {
    if (this.model.view.remaining <= 0) {
      this.announce('The deck is empty: no card to draw.');
      return;
    }
    if (!this.model.drawTo(name)) return;
    this.awaiting[name] += 1;
    this.announce(`Drawing a card into ${this.title(name)}.`);
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
      <ul class="rows pending-rows" data-pending hidden></ul>
      <p class="pile-empty">No cards here yet. Swipe cards into this pile, or draw one.</p>`;
    section.querySelector('.pile-title').textContent = this.title(name);
    const insert = section.querySelector('[data-insert]');
    insert.textContent = '+ Draw a card';
    insert.setAttribute('aria-label', `Draw a card from the deck into ${this.title(name)}`);
    insert.addEventListener('click', () => this.drawInto(name));
    const list = section.querySelector('ol');
    list.setAttribute('aria-label', `${this.title(name)} pile`);
    section.querySelector('[data-pending]').setAttribute('aria-label', `Cards on their way to ${this.title(name)}`);
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
      section.querySelector('.pile-count').textContent = `(${count} ${count === 1 ? 'card' : 'cards'})`;
      const pending = this.model.view.dealing[section.dataset.pile] || 0;
      section.classList.toggle('is-empty', count === 0 && pending === 0);
    }
  }

  makeRow(model) {
    const card = this.model.card(this.codeByRowId[model]);
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
