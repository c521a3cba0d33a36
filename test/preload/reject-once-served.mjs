// Loaded before the server (node --import): once the server listens for rejections nothing handles,
// one is left unhandled, as a library's unawaited promise would be.
const timer = setInterval(() => {
  if (process.listenerCount('unhandledRejection') === 0) return;
  clearInterval(timer);
  void Promise.reject(new Error('a promise nobody awaited'));
}, 50);
timer.unref();
