// Starts the app on a page whose markup the server has drawn (docs/decisions/017): once that
// markup is on screen, so the page's styles and first picture have the connection to themselves
// until then. The page names the app's entry and the chunks it needs (data-entry, data-preload);
// they are asked for at once, a few to a task. A file, not inline, because the CSP allows only 'self' scripts.
(() => {
  const loader = document.currentScript;
  const entry = loader?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (loader.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  // Each request a page starts costs the main thread a little (a dozen of them were most of one
  // long task on a slow phone), so they go a few to a task, the entry first.
  const PER_TASK = 4;
  const requests = [
    () => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      return script;
    },
    ...preloads.map((href) => () => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    }),
  ];
  const askForSome = () => {
    for (const make of requests.splice(0, PER_TASK)) document.head.append(make());
    if (requests.length > 0) setTimeout(askForSome, 0);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    askForSome();
  };
  // Once the markup is on screen: the first contentful paint, told in a task of its own. A callback
  // inside a frame (requestAnimationFrame) would run in the task that paints and commits it, which
  // on a slow phone is a long one already. Without paint timing, the frame after the first one.
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      start();
    });
    painted.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(start));
  }
  // A tab opened in the background paints no frames: start anyway.
  setTimeout(start, 1000);
})();
