export * from './site-error.js';
export * from './http-queue.js';
export * from './lichess.js';
export * from './chesscom.js';
export * from './explorer.js';
