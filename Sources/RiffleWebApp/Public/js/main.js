// Boots the app: loads riffle.wasm, starts the one deck model, and wires the views (each is given its model, renders
// from it and sends it commands; no view calls another), the routes, the live announcements and the outbox banner.
// The storage every model and view keeps its state in (localStorage) and this tab's name are chosen here, once.
// Only the Swipe view's code comes with the first load: Table and Piles are fetched when first opened (their
// sections are aria-busy until then), Play likewise, with its own model per table. A table's link (#play/…) loads
// neither riffle.wasm nor the swipe deck's modules: they come when another view is opened. Once the page is ready, the
// service worker (sw.js) is registered and told which files the page loaded, so that a reload while the server
// cannot be reached still shows the app.

import { api, cardName } from './api.js';
import { SyncStatus } from './sync-status.js';
import { stats } from './stats.js';

const ROUTES = ['swipe', 'table', 'piles', 'play'];

/**
 * Asks for the engine and the swipe deck's modules at once, unless the page opens on Play (which needs neither):
 * they then load beside main.js instead of after it.
 */
function preloadSwipe() {
  if (location.hash.slice(1).split('/')[0] === 'play') return;
  const links = [
    { rel: 'preload', href: 'riffle.wasm', as: 'fetch', type: 'application/wasm', crossOrigin: 'anonymous' },
    ...['engine.js', 'deck-model.js', 'swipe-view.js'].map((file) => ({ rel: 'modulepreload', href: `js/${file}` })),
  ];
  for (const attributes of links) document.head.append(Object.assign(document.createElement('link'), attributes));
}
preloadSwipe();
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

/**
 * An announcer for one (visually hidden) live region: the latest message replaces one not yet said, after `delay` ms
 * (a fresh text node makes screen readers repeat identical messages).
 */
function announcer(region, delay) {
  let timer = null;
  return (message) => {
    clearTimeout(timer);
    region.textContent = '';
    timer = setTimeout(() => { region.textContent = message; }, delay);
  };
}
/** What the user did and what it did (swipes, moves, deals). */
const announce = announcer(document.querySelector('[data-live]'), 30);
/**
 * Whether changes are saved, in a region of its own and a little later, so that an outage starting with a swipe is
 * heard after the swipe ("Kept the 7 of Hearts", then "1 change not saved yet…"), never instead of it.
 */
const announceStatus = announcer(document.querySelector('[data-live-status]'), 400);

/** The route's view and its argument: `#play/<deck>` is the Play view at that table, `#play/<deck>/watch` watches it. */
function route() {
  const [first, argument = null, mode = null] = location.hash.slice(1).split('/');
  const name = ROUTES.includes(first) ? first : 'swipe';
  for (const view of ROUTES) {
    const section = document.getElementById(`view-${view}`);
    section.hidden = view !== name;
    const link = document.querySelector(`nav a[href="#${view}"]`);
    if (view === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.body.dataset.view = name;
  return { name, argument, mode };
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

function openStorage() {
  try { return window.localStorage; } catch { return null; }
}

const storage = openStorage();
const tab = tabId();

/**
 * Registers the service worker (once) and names the app's files this page has loaded so far, which it keeps for an
 * outage. Browsers without service workers (or on plain http other than localhost) simply go without.
 */
function keepForOffline() {
  if (!('serviceWorker' in navigator)) return;
  const base = new URL('.', location.href);
  const paths = performance.getEntriesByType('resource').map((entry) => new URL(entry.name))
    .filter((url) => url.origin === base.origin && url.pathname.startsWith(base.pathname))
    .map((url) => url.pathname.slice(base.pathname.length))
    .filter((path) => path && !path.startsWith('api/') && !path.startsWith('static/'));
  navigator.serviceWorker.register('sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active && registration.active.postMessage({ type: 'keep', paths }))
    .catch(() => { /* no worker: the app works as before, online */ });
}

let play = null;      // { view, PlayModel, tableApi }, once #play has been opened
let playModel = null;
let playWatching = false;
window.addEventListener('online', () => { if (playModel) playModel.retry(); });
// A page left (or kept in the back/forward cache) closes its table's event stream, so that the others see this player
// go offline; coming back to it reopens the stream.
window.addEventListener('pagehide', () => { if (playModel) playModel.closeStream(); });
window.addEventListener('pageshow', (event) => { if (event.persisted && playModel) playModel.retry(); });
/**
 * The Play view's modules are fetched the first time #play is opened, so the other views never load them. Each
 * table (`#play/<deck>`) gets its own model, made here and given to the view.
 */
async function showPlay({ name, argument, mode }) {
  if (name !== 'play') {
    if (play) play.view.hide();
    playModel = null;
    return;
  }
  if (!play) {
    const [{ PlayView }, { PlayModel }, { tableApi }] = await Promise.all([
      import('./play-view.js'), import('./play-model.js'), import('./play-api.js')]);
    play = play || {
      PlayModel,
      tableApi,
      view: new PlayView({
        root: document.getElementById('view-play'),
        announce,
        startTable: async () => (await tableApi.newShuffledDeck()).deck_id,
      }),
    };
  }
  const deckId = argument && /^[a-z0-9]{1,64}$/.test(argument) ? argument : null;
  const watch = mode === 'watch';
  if (playModel && playModel.deckId === deckId && play.view.model === playModel && playWatching === watch) return;
  playWatching = watch;
  playModel = deckId ? new play.PlayModel({
    deckId, api: play.tableApi, storage, tabId: tab, openEvents: (url) => new EventSource(url), history: true,
  }) : null;
  // A watch link watches, even on a device that has a seat at that table (the seat stays kept for #play/<deck>).
  if (playModel && watch) playModel.seat = null;
  await play.view.show(playModel, { watch });
  keepForOffline();
}

async function boot() {
  const params = new URLSearchParams(location.search);
  stats.installOverlay(document.querySelector('[data-debug]'), params.get('debug') === '1');
  const sync = new SyncStatus({ root: document, announce: announceStatus });
  // The banner and the notice take the room they need from the card (CSS --aside-room), so Swipe never scrolls.
  const aside = document.querySelector('aside');
  new ResizeObserver(() => document.body.style.setProperty('--aside-room', `${aside.offsetHeight}px`)).observe(aside);
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
  // The swipe deck's modules and the engine, fetched once a view that uses them is opened.
  const [{ loadEngine }, { DeckModel }, { SwipeView }] = await Promise.all([
    import('./engine.js'), import('./deck-model.js'), import('./swipe-view.js')]);
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
    storage,
    tabId: tab,
    onOtherTab: (listener) => window.addEventListener('storage', (event) => listener(event.key, event.newValue)),
  });
  sync.attach(model);
  const swipe = new SwipeView({
    root: document.getElementById('view-swipe'), engine, model, announce, reducedMotion, storage,
  });
  const lazy = {
    table: async () => {
      const { TableView } = await import('./table-view.js');
      return new TableView({ root: document.getElementById('view-table'), model, announce, storage });
    },
    piles: async () => {
      const { PilesView } = await import('./piles-view.js');
      return new PilesView({ root: document.getElementById('view-piles'), engine, model, announce, reducedMotion });
    },
  };
  const started = new Map();
  /** Fetches and starts the Table or Piles view the first time it is opened. */
  const startView = (name) => {
    if (!lazy[name]) return Promise.resolve();
    if (!started.has(name)) {
      const section = document.getElementById(`view-${name}`);
      started.set(name, lazy[name]().then((view) => {
        view.start();
        section.removeAttribute('aria-busy');
        section.querySelector('[data-unavailable]')?.remove();
        if (document.body.dataset.ready === 'true') keepForOffline();
      }, () => {
        started.delete(name);  // opening the view again tries again
        // Offline, a view never opened on this device is not kept by the service worker: say so in the view.
        let note = section.querySelector('[data-unavailable]');
        if (!note) {
          note = Object.assign(document.createElement('p'), { className: 'view-unavailable' });
          note.dataset.unavailable = '';
          section.prepend(note);
        }
        note.textContent = `${section.querySelector('h2').textContent} could not be loaded: the card server cannot ` +
          'be reached, and this view was not opened on this device before. Open it again once the server is back; ' +
          'Swipe works meanwhile.';
        announce(note.textContent);
      }));
    }
    return started.get(name);
  };

  const show = () => {
    const { name } = route();
    swipe.setActive(name === 'swipe');
    return startView(name);
  };
  window.addEventListener('hashchange', show);
  await show();
  await swipe.start();
  // Coming back to the tab or the network: read what other tabs did, resend what is pending.
  window.addEventListener('online', () => model.refresh());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') model.refresh();
  });
  model.start();
  const ready = () => {
    const dealt = model.view.hand.length > 0 || (model.view.remaining === 0 && model.view.dealing.hand === 0);
    if (!model.loaded || !dealt) return;
    model.removeEventListener('change', ready);
    stats.reset();
    document.body.dataset.ready = 'true';
    keepForOffline();
    const top = model.view.hand[0];
    announce(model.restored
      ? 'Welcome back: your deck and piles are as you left them.'
      : `A new deck is shuffled${top ? `; the top card is the ${cardName(model.card(top))}` : ''}.`);
  };
  model.addEventListener('change', ready);
  ready();
}

boot();
