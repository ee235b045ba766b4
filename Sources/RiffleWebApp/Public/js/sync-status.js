// What the outbox is doing, shown to the user: a quiet line ("All changes saved", "Saving…"), one banner with one
// Retry when changes are waiting because the server failed (however many failures; the outbox also resends them
// by itself when the server answers again), and a notice when the server refused a change for good.

function plural(count, one, many = `${one}s`) { return `${count} ${count === 1 ? one : many}`; }

export class SyncStatus {
  constructor({ root, announce }) {
    this.announce = announce;
    this.banner = root.querySelector('[data-banner]');
    this.bannerText = root.querySelector('[data-banner-text]');
    this.retryButton = root.querySelector('[data-retry]');
    this.line = root.querySelector('[data-sync]');
    this.noticeBox = root.querySelector('[data-notice]');
    this.noticeText = root.querySelector('[data-notice-text]');
    this.noticeClose = root.querySelector('[data-notice-close]');
    this.model = null;
    this.lastState = 'saved';
    this.fatal = false;
    this.retryButton.addEventListener('click', () => {
      if (this.model && !this.fatal) this.model.retry();
      else location.reload();
    });
    this.noticeClose.addEventListener('click', () => { this.noticeBox.hidden = true; });
  }

  /** Code the app needs could not load (the engine, a view): only a reload helps. */
  showFatal(message) {
    this.fatal = true;
    this.bannerText.textContent = message;
    this.retryButton.textContent = 'Reload';
    this.banner.hidden = false;
  }

  attach(model) {
    this.model = model;
    model.addEventListener('status', () => this.render());
    model.addEventListener('change', () => this.render());
    model.addEventListener('notice', (event) => this.notice(event.detail));
    this.render();
  }

  render() {
    const { state, pending, error } = this.model.status;
    document.body.dataset.syncState = state;
    let line = 'All saved';
    if (state === 'saving') line = pending > 0 ? `Saving ${pending}…` : 'Saving…';
    if (state === 'stalled') line = `${pending} not saved`;
    if (state === 'lost') line = 'Deck lost';
    if (this.line.textContent !== line) this.line.textContent = line;

    const stalled = state === 'stalled' || state === 'lost';
    if (this.fatal) return;
    if (stalled) {
      const reason = error && error.message ? error.message : 'The card server did not answer.';
      const text = state === 'lost'
        ? 'The card server no longer has this deck. Retry starts a new one.'
        : `${pending > 0 ? `${plural(pending, 'change')} not saved yet` : 'Waiting for the card server'}: ${reason} ` +
          'They are kept on this device and sent once the server answers.';
      if (this.bannerText.textContent !== text) this.bannerText.textContent = text;
      this.retryButton.textContent = pending > 1 ? `Retry all ${pending}` : 'Retry';
      this.retryButton.setAttribute('aria-label', pending > 1 ? `Retry: send all ${pending} changes` : 'Retry');
    }
    if (stalled && this.banner.hidden) {
      this.banner.hidden = false;
      this.announce(this.bannerText.textContent);
    } else if (!stalled && !this.banner.hidden) {
      const hadFocus = this.banner.contains(document.activeElement);
      this.banner.hidden = true;
      if (hadFocus) document.getElementById('main').focus({ preventScroll: true });
      this.announce('Every change is saved.');
    }
    this.lastState = state;
  }

  notice(message) {
    this.noticeText.textContent = message;
    this.noticeBox.hidden = false;
    this.announce(message);
  }
}
