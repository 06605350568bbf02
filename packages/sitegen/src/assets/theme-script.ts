/**
 * assets/theme.js, loaded synchronously in <head> so the chosen theme applies before the first
 * paint. No choice stored → the page follows the system (prefers-color-scheme in the CSS).
 * localStorage may be missing or throw (file:// in some browsers, privacy modes): then the
 * toggle still works for the page, it is just not remembered.
 */
export const THEME_JS = `(function () {
  try {
    var stored = window.localStorage.getItem('codedocs-site-theme');
    if (stored === 'light' || stored === 'dark') document.documentElement.setAttribute('data-theme', stored);
  } catch (e) { /* storage unavailable: follow the system */ }
})();
`;
