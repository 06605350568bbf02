/* global document, matchMedia */
// Runs before first paint (a blocking script in <head>) so a dark page never flashes light.
// It is a file, not an inline script, because the server's CSP is script-src 'self'.
// Keep in step with src/lib/dark-mode.ts (key "darkMode", values "true"/"false").
(function () {
  var dark = false;
  try {
    var stored = localStorage.getItem('darkMode');
    dark =
      stored === null
        ? typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
        : stored === 'true';
  } catch {
    // Storage can be blocked (privacy settings); the app then starts light.
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
