// Built-ins captured when the script loads. In an isolated world the page cannot reach
// these anyway; capturing them also protects the DOM-event fallback, which may run the
// same code in the page's own world where a site can patch timers and observers.
const g = globalThis;

export const builtins = {
  setTimeout: g.setTimeout.bind(g),
  clearTimeout: g.clearTimeout.bind(g),
  requestAnimationFrame: g.requestAnimationFrame.bind(g),
  now: g.performance.now.bind(g.performance),
  random: Math.random,
  MutationObserver: g.MutationObserver,
  WeakRef: g.WeakRef,
  getComputedStyle: g.getComputedStyle.bind(g),
};

/**
 * Resolves after the next animation frame — true — or after `timeoutMs` without one — false
 * (background tabs get no frames, and a busy machine can be late with them; do not hang).
 * A hidden document answers false at once: it gets no frames, and its timers are held to
 * one a second, so waiting out even a short timeout there costs a second a call (a task's
 * tab behind the popup it opened).
 */
export function nextFrame(timeoutMs = 50): Promise<boolean> {
  if (document.visibilityState === 'hidden') return Promise.resolve(false);
  return new Promise((resolve) => {
    let done = false;
    const finish = (framed: boolean) => {
      if (done) return;
      done = true;
      resolve(framed);
    };
    builtins.requestAnimationFrame(() => finish(true));
    builtins.setTimeout(() => finish(false), timeoutMs);
  });
}
