// Rendering from state, for the Play view: an element's children drawn from a list of things, each keyed by what it
// is (a card's code, a player's name, a log line's id). The node made for a thing is kept as long as the thing is
// shown and brought up to date from it, so that its images do not flicker, a control keeps the focus (also when it
// moves), and an open list is not pulled from under the user. A key is the thing's own identity, compared as Map keys
// are; nothing about how a thing looks is put into it: `update` draws that, every time.

const keptNodes = new WeakMap();  // parent -> Map(key -> { node, kind })

/**
 * Makes `parent`'s children the nodes of `items`, in order: a node kept for an item's key (and kind) is updated,
 * one made for an item new; the nodes of items gone are removed. Every child of `parent` is drawn this way.
 * @param {Element} parent
 * @param {Iterable} items
 * @param {object} how
 * @param {(item: *) => *} how.key the item's identity among the others (each key once in `items`).
 * @param {(item: *) => Element} how.create a new node for an item.
 * @param {(node: Element, item: *) => void} [how.update] draws an item on its node (new or kept), from its state.
 * @param {(item: *) => *} [how.kind] what sort of node an item needs: a node of another kind is made anew.
 * @returns {boolean} whether nodes were added, removed or moved.
 */
export function renderKeyed(parent, items, { key, create, update = () => {}, kind = () => null }) {
  const before = keptNodes.get(parent) || new Map();
  const after = new Map();
  const nodes = [];
  for (const item of items) {
    const id = key(item);
    const itemKind = kind(item);
    const kept = before.get(id);
    const entry = kept && kept.kind === itemKind ? kept : { node: create(item), kind: itemKind };
    update(entry.node, item);
    after.set(id, entry);
    nodes.push(entry.node);
  }
  keptNodes.set(parent, after);
  return placeChildren(parent, nodes);
}

/** Puts `nodes` into `parent` in order, moving as few as it can; the focused element keeps the focus. */
function placeChildren(parent, nodes) {
  const focused = parent.contains(document.activeElement) ? document.activeElement : null;
  const wanted = new Set(nodes);
  let changed = false;
  for (const child of [...parent.children]) {
    if (!wanted.has(child)) {
      child.remove();
      changed = true;
    }
  }
  nodes.forEach((node, index) => {
    const current = parent.children[index];
    if (current === node) return;
    parent.insertBefore(node, current || null);
    changed = true;
  });
  // A node moved is taken out and put back, and the browser takes the focus from what was in it: it is given back.
  if (focused && focused.isConnected && document.activeElement !== focused) focused.focus({ preventScroll: true });
  return changed;
}

/** Sets a node's text, when it differs (a text unchanged is left as it is). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Sets an attribute (null or false removes it), when it differs. */
export function setAttribute(node, name, value) {
  if (value === null || value === undefined || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else {
    const text = value === true ? '' : String(value);
    if (node.getAttribute(name) !== text) node.setAttribute(name, text);
  }
}
