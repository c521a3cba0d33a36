// Apply the remembered theme before the first paint so the page never flashes. A file of its own,
// not an inline script: the page's Content-Security-Policy runs only the app's own script files.
try {
  var theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage can be unavailable (private windows): the default theme stays.
}
