// A table's event stream (EventSource, which resumes with Last-Event-ID by itself): it listens for every event kind
// the app handles (event-kinds.js), says when it is live, and when the browser gives up on it (the server refused
// it, or answered something else) it asks for a read, which says whether the server is down, the table gone or the
// seat removed, and reopens it after the last event seen unless the owner says not to.
//
// A page that resumes after the last event a closed page logged (`resumeAfter`) hears what it missed, in order; when
// the server no longer has those events (a greeting comes instead, or the resume is refused again and again while the
// server answers reads) the stream reopens from now, and `onMissed` says that moves are missing.

import { EVENT_KINDS } from './event-kinds.js';

const RECONNECT_MS = 2000;
const RESUME_TRIES = 3;

export class TableStream {
  /**
   * @param {object} options
   * @param {(lastEventId: string|null) => EventSource} options.open opens the stream after that event (null: from now).
   * @param {(kind: string, data: object, lastEventId: string) => void} options.onEvent an event came (its data parsed).
   * @param {() => void} options.onLive the stream is live, or no longer is (`live`).
   * @param {() => void} options.onOpen the stream opened: the server is back.
   * @param {() => void} options.onGaveUp the browser gave up on the stream: the owner reads the server.
   * @param {() => void} options.onMissed moves made while the page was closed cannot all be heard.
   * @param {() => boolean} options.mayReopen whether a stream given up on is reopened (not once the seat is lost).
   * @param {() => boolean} options.serverAnswers whether the server answered a read since the page opened.
   */
  constructor({ open, onEvent, onLive, onOpen, onGaveUp, onMissed, mayReopen, serverAnswers }) {
    this.callbacks = { open, onEvent, onLive, onOpen, onGaveUp, onMissed, mayReopen, serverAnswers };
    this.source = null;
    this.live = false;
    this.lastEventId = null;
    this.resumingSaved = false;  // resuming after the last event a closed page logged, nothing come yet
    this.refusedResumes = 0;     // how often that resume was refused while the server answered reads
  }

  /** Resumes, when opened, after the last event a closed page logged (the missed events come first). */
  resumeAfter(lastEventId) {
    if (this.lastEventId !== null || lastEventId === null) return;
    this.lastEventId = lastEventId;
    this.resumingSaved = true;
  }

  /** Opens the stream, unless it is open. */
  connect() {
    if (this.source) return;
    const source = this.callbacks.open(this.lastEventId);
    this.source = source;
    for (const kind of EVENT_KINDS) source.addEventListener(kind, (event) => this.received(kind, event));
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.setLive(true);
      this.callbacks.onOpen();
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      this.setLive(false);
      if (source.readyState !== 2) return;  // the browser tries again by itself
      if (this.resumingSaved && this.callbacks.serverAnswers() && ++this.refusedResumes >= RESUME_TRIES) {
        this.lastEventId = null;
        this.missed();
      }
      this.source = null;
      this.callbacks.onGaveUp();
      setTimeout(() => {
        if (!this.source && this.callbacks.mayReopen()) this.connect();
      }, RECONNECT_MS);
    });
  }

  /** Closes the stream (it is reopened only by `connect`). */
  close() {
    if (this.source) this.source.close();
    this.source = null;
    this.setLive(false);
  }

  /** The next stream opened starts from now (the seat was given up: what it heard is no longer this page's). */
  startOver() { this.lastEventId = null; }

  /** A stream that was resuming a closed page's log cannot: its moves are missing. */
  missed() {
    if (!this.resumingSaved) return;
    this.resumingSaved = false;
    this.callbacks.onMissed();
  }

  received(kind, event) {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    // A greeting where the missed events were to come: the server no longer has them.
    if (kind === 'hello' || kind === 'resync') this.missed();
    this.resumingSaved = false;
    this.callbacks.onEvent(kind, data, event.lastEventId);
  }

  setLive(live) {
    if (this.live === live) return;
    this.live = live;
    this.callbacks.onLive();
  }
}
