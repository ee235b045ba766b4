// The Play view's DOM building, shared by the table (play-view.js) and the docked hand (play-dock.js): an element
// made from its attributes and children, and a card's face as an image. Every text is set as textContent, never
// parsed as markup, so a player's name is always shown as the text it is.

/**
 * A new element with its attributes and children.
 * @param {string} tag the element's tag name.
 * @param {object} attributes attribute values by name (`null`, `undefined` and `false` leave one out; `true` sets
 *   it empty); `text` sets the text content and `className` the class.
 * @param {...(Node|string|null|undefined|false)} children appended in order; a falsy child is skipped.
 * @returns {HTMLElement}
 */
export function element(tag, attributes = {}, ...children) {
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

/** A card's face (`code` such as `AS`) as a decorative image: the card is named by the control that holds it. */
export function face(code) {
  return element('img', { src: `/static/img/${code}.svg`, alt: '', className: 'play-face', draggable: 'false' });
}
