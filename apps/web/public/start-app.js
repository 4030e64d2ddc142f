// Starts the app on a page whose markup the server has drawn (docs/decisions/017): once that
// markup is on screen, so the page's styles and first picture have the connection to themselves
// until then. The page names the app's entry and the chunks it needs (data-entry, data-preload);
// they are all asked for at once. A file, not inline, because the CSP allows only 'self' scripts.
(() => {
  const loader = document.currentScript;
  const entry = loader?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (loader.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The frame after the first one: the markup has been painted by then.
  requestAnimationFrame(() => requestAnimationFrame(start));
  // A tab opened in the background paints no frames: start anyway.
  setTimeout(start, 1000);
})();
