// Boots the app: loads riffle.wasm, starts the shared deck, and wires the three views, the routes, the live
// announcements and the error banner.

import { loadEngine } from './engine.js';
import { DeckSession, describeError } from './session.js';
import { SwipeView } from './swipe-view.js';
import { TableView } from './table-view.js';
import { PilesView } from './piles-view.js';
import { stats } from './stats.js';

const ROUTES = ['swipe', 'table', 'piles'];
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

const live = document.querySelector('[data-live]');
let announceTimer = null;
/** Says something through the aria-live region (also shown as the status line). */
function announce(message) {
  clearTimeout(announceTimer);
  live.textContent = '';
  // A fresh text node after a tick makes screen readers repeat identical messages.
  announceTimer = setTimeout(() => {
    live.textContent = message;
    live.classList.remove('faded');
    announceTimer = setTimeout(() => live.classList.add('faded'), 4000);
  }, 30);
  document.body.dataset.lastAnnouncement = message;
}

const banner = document.querySelector('[data-banner]');
const bannerText = banner.querySelector('[data-banner-text]');
const retryButton = banner.querySelector('[data-retry]');
let retryAction = null;

function showFailure(message, retry) {
  bannerText.textContent = message;
  retryAction = retry;
  banner.hidden = false;
  document.body.dataset.failure = 'true';
  retryButton.focus({ preventScroll: true });
}

function hideFailure() {
  banner.hidden = true;
  retryAction = null;
  delete document.body.dataset.failure;
}

retryButton.addEventListener('click', () => {
  const action = retryAction;
  hideFailure();
  if (action) action();
});

/** For calls outside the session queue (boot, the table's deck): say what failed and offer to try again. */
function reportFailure(label, error, retry) {
  showFailure(`Could not finish ${label}: ${describeError(error)}`, retry);
}

function route() {
  const name = ROUTES.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'swipe';
  for (const view of ROUTES) {
    const section = document.getElementById(`view-${view}`);
    section.hidden = view !== name;
    const link = document.querySelector(`nav a[href="#${view}"]`);
    if (view === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.body.dataset.view = name;
  return name;
}

async function boot() {
  const params = new URLSearchParams(location.search);
  stats.installOverlay(document.querySelector('[data-debug]'), params.get('debug') === '1');
  let engine;
  try {
    engine = await loadEngine('riffle.wasm');
    const wasm = performance.getEntriesByName(new URL('riffle.wasm', location.href).href)[0];
    stats.wasmBytes = wasm ? wasm.encodedBodySize || wasm.decodedBodySize : 0;
  } catch (error) {
    showFailure(`The card engine (riffle.wasm) could not be loaded: ${describeError(error)}`, () => location.reload());
    return;
  }

  const session = new DeckSession();
  session.addEventListener('failure', () => {
    const { label, error } = session.failure;
    if (error && error.status === 404 && /Deck ID does not exist/.test(error.message)) {
      // The server no longer knows the deck (it expired, or an in-memory server restarted): retrying cannot help.
      showFailure('The card server no longer has this deck. Retry starts a new one.', () => location.reload());
      return;
    }
    showFailure(
      `Could not finish ${label}: ${describeError(error)} ` +
        'Your cards stay where they are; Retry sends the change again.',
      () => session.retry());
  });
  const piles = new PilesView({
    root: document.getElementById('view-piles'), engine, session, announce, reducedMotion,
  });
  const swipe = new SwipeView({
    root: document.getElementById('view-swipe'), engine, session, piles, announce, reducedMotion,
  });
  piles.swipe = swipe;
  const table = new TableView({ root: document.getElementById('view-table'), session, announce, reportFailure });
  window.riffleApp = { engine, session, swipe, piles, table };

  const show = () => {
    const name = route();
    swipe.setActive(name === 'swipe');
    if (name === 'piles') piles.refresh();
  };
  window.addEventListener('hashchange', show);
  show();
  piles.start();

  const startDeck = async () => {
    try {
      const restored = await session.start();
      await swipe.start(restored);
      if (restored) await piles.refresh();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      stats.reset();
      document.body.dataset.ready = 'true';
      announce(restored
        ? 'Welcome back: your deck and piles are as you left them.'
        : 'A new deck is shuffled. Swipe right to keep a card, left to pass.');
    } catch (error) {
      reportFailure('dealing a new deck', error, startDeck);
    }
  };
  const startTable = async () => {
    try {
      await table.start();
    } catch {
      table.updateLabels();  // the Draw button retries the deck itself
    }
  };
  await Promise.all([startDeck(), startTable()]);
}

boot();
