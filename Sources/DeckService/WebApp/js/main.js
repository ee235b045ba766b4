// Boots the app: loads riffle.wasm, starts the one deck model, and wires the three views (each renders from the
// model and sends it commands; no view calls another), the routes, the live announcements and the outbox banner.

import { loadEngine } from './engine.js';
import { api, cardName } from './api.js';
import { DeckModel } from './deck-model.js';
import { SwipeView } from './swipe-view.js';
import { TableView } from './table-view.js';
import { PilesView } from './piles-view.js';
import { SyncStatus } from './sync-status.js';
import { stats } from './stats.js';

const ROUTES = ['swipe', 'table', 'piles', 'play'];
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

const live = document.querySelector('[data-live]');
let announceTimer = null;
/** Says something through the (visually hidden) aria-live region. */
function announce(message) {
  clearTimeout(announceTimer);
  live.textContent = '';
  // A fresh text node after a tick makes screen readers repeat identical messages.
  announceTimer = setTimeout(() => { live.textContent = message; }, 30);
}

/** The route's view and its argument: `#play/<deck>` is the Play view at that table. */
function route() {
  const [first, argument = null] = location.hash.slice(1).split('/');
  const name = ROUTES.includes(first) ? first : 'swipe';
  for (const view of ROUTES) {
    const section = document.getElementById(`view-${view}`);
    section.hidden = view !== name;
    const link = document.querySelector(`nav a[href="#${view}"]`);
    if (view === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.body.dataset.view = name;
  return { name, argument };
}

let playView = null;
/** The Play view's module is fetched the first time #play is opened, so the other views never load it. */
async function showPlay({ name, argument }) {
  if (name !== 'play') {
    if (playView) playView.hide();
    return;
  }
  if (!playView) {
    const { PlayView } = await import('./play-view.js');
    playView = playView || new PlayView({ root: document.getElementById('view-play'), announce, tabId: tabId() });
  }
  await playView.show(argument);
}

/** This tab's name, kept across reloads (sessionStorage is per tab), so its unsaved changes come back. */
function tabId() {
  try {
    let id = sessionStorage.getItem('riffle.tab');
    if (!id) {
      id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      sessionStorage.setItem('riffle.tab', id);
    }
    return id;
  } catch {
    return 'tab';
  }
}

function storage() {
  try { return window.localStorage; } catch { return null; }
}

async function boot() {
  const params = new URLSearchParams(location.search);
  stats.installOverlay(document.querySelector('[data-debug]'), params.get('debug') === '1');
  const sync = new SyncStatus({ root: document, announce });
  // The Play view needs neither the engine nor the swipe deck: opened from a table's link, the app starts them only
  // when another view is opened (so a player's page holds no other deck's cards).
  window.addEventListener('hashchange', () => showPlay(route()));
  showPlay(route());
  if (route().name === 'play') {
    await new Promise((resolve) => {
      const leave = () => {
        if (route().name === 'play') return;
        window.removeEventListener('hashchange', leave);
        resolve();
      };
      window.addEventListener('hashchange', leave);
    });
  }
  let engine;
  try {
    engine = await loadEngine('riffle.wasm');
    const wasm = performance.getEntriesByName(new URL('riffle.wasm', location.href).href)[0];
    stats.wasmBytes = wasm ? wasm.encodedBodySize || wasm.decodedBodySize : 0;
  } catch (error) {
    sync.showFatal(`The card engine (riffle.wasm) could not be loaded: ${error.message || error}`);
    return;
  }

  const model = new DeckModel({
    api,
    storage: storage(),
    tabId: tabId(),
    onOtherTab: (listener) => window.addEventListener('storage', (event) => listener(event.key, event.newValue)),
  });
  sync.attach(model);
  const piles = new PilesView({ root: document.getElementById('view-piles'), engine, model, announce, reducedMotion });
  const swipe = new SwipeView({ root: document.getElementById('view-swipe'), engine, model, announce, reducedMotion });
  const table = new TableView({ root: document.getElementById('view-table'), model, announce });
  window.riffleApp = { engine, model, swipe, piles, table };

  const show = () => {
    const { name } = route();
    swipe.setActive(name === 'swipe');
  };
  window.addEventListener('hashchange', show);
  show();
  piles.start();
  table.start();
  await swipe.start();
  // While changes wait, this tab's outbox says it is alive, so that a tab opened later does not adopt it as left
  // behind by a closed tab (deck-model.js, adoptOrphans).
  setInterval(() => { if (model.outbox.length > 0) model.save(); }, 5000);
  // Coming back to the tab or the network: read what other tabs did, resend what is pending.
  window.addEventListener('online', () => model.retry());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && model.loaded) {
      model.needsResync = true;
      model.pump();
    }
  });
  let restored = false;
  try { restored = Boolean(localStorage.getItem('riffle.deck')); } catch { /* no storage */ }
  model.start();
  const ready = () => {
    const dealt = model.view.hand.length > 0 || (model.view.remaining === 0 && model.view.dealing.hand === 0);
    if (!model.loaded || !dealt) return;
    model.removeEventListener('change', ready);
    stats.reset();
    document.body.dataset.ready = 'true';
    const top = model.view.hand[0];
    announce(restored
      ? 'Welcome back: your deck and piles are as you left them.'
      : `A new deck is shuffled${top ? `; the top card is the ${cardName(model.card(top))}` : ''}.`);
  };
  model.addEventListener('change', ready);
  ready();
}

boot();
