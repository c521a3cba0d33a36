// A small white repertoire whose checks are worked out by hand in the route tests.
export const SMALL_STUDY = [
  '[Event "Small: Ruy"]\n[StudyName "Small"]\n[ChapterName "Ruy"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
  '[Event "Small: Italian"]\n[StudyName "Small"]\n[ChapterName "Italian"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *',
  '[Event "Small: Open Sicilian"]\n[StudyName "Small"]\n[ChapterName "Open Sicilian"]\n\n1. e4 c5 2. Nf3 d6 3. d4?! *',
  '[Event "Small: Alapin"]\n[StudyName "Small"]\n[ChapterName "Alapin"]\n\n1. e4 c5 2. c3 *',
].join('\n\n\n');

export const FEN_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const FEN_AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
export const FEN_AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
export const FEN_AFTER_E4_E5_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
export const FEN_AFTER_RUY_NC6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
