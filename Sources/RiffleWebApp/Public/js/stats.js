// Engine time per animation frame: every call into riffle.wasm is timed with performance.now() (engine.js), the
// times are summed per frame, and the totals are published on window.riffleStats, in the debug overlay
// (?debug=1 or the ` key) and, after each animation, in the console.

const WINDOW = 240;

class Stats {
  constructor() {
    this.clearMeasurements();
    this.visibleCards = 0;
    this.wasmBytes = 0;
    this.overlay = null;
    this.benchmarkTarget = null;
  }

  /** Forgets what was measured so far (start-up work is not an animation frame's). */
  reset() {
    this.clearMeasurements();
    this.publish();
  }

  /** Starts the frame times, their totals and the current burst from nothing. */
  clearMeasurements() {
    this.pendingMs = 0;
    this.samples = [];
    this.frames = 0;
    this.totalMs = 0;
    this.maxMs = 0;
    this.burst = { frames: 0, ms: 0, max: 0 };
  }

  /** Adds time spent inside the module to the frame being built. */
  addEngineTime(ms) { this.pendingMs += ms; }

  /** An animation frame was drawn: its engine time is everything since the previous frame. */
  frameDone(visibleCards) {
    const ms = this.pendingMs;
    this.pendingMs = 0;
    this.frames += 1;
    this.totalMs += ms;
    this.maxMs = Math.max(this.maxMs, ms);
    this.visibleCards = visibleCards;
    this.samples.push(ms);
    if (this.samples.length > WINDOW) this.samples.shift();
    this.burst.frames += 1;
    this.burst.ms += ms;
    this.burst.max = Math.max(this.burst.max, ms);
    this.publish();
  }

  /** The animation loop went idle: report the burst of frames it drew. */
  animationEnded() {
    const { frames, ms, max } = this.burst;
    if (frames > 0) {
      console.info(
        `[riffle] engine ${(ms / frames).toFixed(4)} ms per animation frame over ${frames} frames ` +
        `(max ${max.toFixed(4)} ms, ${this.visibleCards} cards drawn)`);
    }
    this.burst = { frames: 0, ms: 0, max: 0 };
  }

  get recentAverageMs() {
    if (this.samples.length === 0) return 0;
    return this.samples.reduce((a, b) => a + b, 0) / this.samples.length;
  }

  /**
   * Calls the engine's frame export `iterations` times in a row and returns the mean cost of one call, in ms:
   * precise where a single call is below the browser's timer resolution.
   */
  benchmark(iterations = 5000) {
    if (!this.benchmarkTarget) return null;
    return this.benchmarkTarget(iterations);
  }

  snapshot() {
    return {
      frames: this.frames,
      lastFrameMs: this.samples.length ? this.samples[this.samples.length - 1] : 0,
      averageFrameMs: this.frames ? this.totalMs / this.frames : 0,
      recentAverageMs: this.recentAverageMs,
      maxFrameMs: this.maxMs,
      recentFrameMs: this.samples.slice(),
      visibleCards: this.visibleCards,
      wasmBytes: this.wasmBytes,
      timerResolutionNote: 'performance.now() is coarsened by the browser; see benchmark() for per-call cost',
    };
  }

  publish() {
    if (this.overlay && !this.overlay.hidden) {
      const s = this.snapshot();
      this.overlay.textContent =
        `engine ${s.recentAverageMs.toFixed(4)} ms/frame (last ${this.samples.length})\n` +
        `max ${s.maxFrameMs.toFixed(3)} ms · frames ${s.frames}\n` +
        `cards drawn ${s.visibleCards} · wasm ${(s.wasmBytes / 1024).toFixed(1)} KB`;
    }
  }

  installOverlay(element, enabled) {
    this.overlay = element;
    element.hidden = !enabled;
    this.publish();
    window.addEventListener('keydown', (event) => {
      if (event.key === '`' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        element.hidden = !element.hidden;
        this.publish();
      }
    });
  }
}

export const stats = new Stats();

Object.defineProperty(window, 'riffleStats', {
  configurable: true,
  get() {
    return Object.assign(stats.snapshot(), { benchmark: (n) => stats.benchmark(n) });
  },
});
