/** The pure chess domain: PGN, FEN, repertoires and what is computed from them. See README.md. */
export * from './analysis-link.js';
export * from './compare-game.js';
export * from './consistency.js';
export * from './coverage.js';
export * from './exclude-symbols.js';
export * from './fen.js';
export * from './game-record.js';
export * from './opening-book.js';
export * from './order.js';
export * from './pgn.js';
export * from './pgn-write.js';
export * from './repertoire.js';
export * from './scheduling.js';
export * from './coverage-walk.js';
