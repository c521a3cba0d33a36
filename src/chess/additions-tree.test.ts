import { ChildNode, Node, type PgnNodeData } from 'chessops/pgn';
import { expect, test } from 'vitest';
import { AdditionsTree } from './additions-tree.js';
import { makePgnText, writePgnTextSteps } from './pgn-write.js';

const headers = new Map([
  ['Event', 'Additions'],
  ['Result', '*'],
]);

const written = (tree: AdditionsTree, root: number): string => {
  const steps = writePgnTextSteps(headers, undefined, root, tree);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};

test('the typed-array tree writes what the same chessops tree writes, children in the order made', () => {
  const tree = new AdditionsTree();
  const root = tree.root();
  const e4 = tree.moveTo(root, 'e4');
  tree.moveTo(tree.moveTo(e4, 'e5'), 'Nf3');
  tree.moveTo(tree.moveTo(e4, 'c5'), 'Nf3');
  expect(tree.moveTo(root, 'e4')).toBe(e4);
  tree.moveTo(root, 'd4');
  tree.comment(tree.moveTo(tree.moveTo(e4, 'c5'), 'Nf3'), 'the Open Sicilian');

  const moves = new Node<PgnNodeData>();
  const add = (at: Node<PgnNodeData>, data: PgnNodeData) => {
    const node = new ChildNode<PgnNodeData>(data);
    at.children.push(node);
    return node;
  };
  const ce4 = add(moves, { san: 'e4' });
  add(add(ce4, { san: 'e5' }), { san: 'Nf3' });
  add(add(ce4, { san: 'c5' }), { san: 'Nf3', comments: ['the Open Sicilian'] });
  add(moves, { san: 'd4' });
  const text = written(tree, root);
  expect(text).toBe(makePgnText({ headers, moves }));
  expect(text).toContain('1. e4 ( 1. d4 ) 1... e5 ( 1... c5 2. Nf3 { the Open Sicilian } ) 2. Nf3 *');
});

test('a comment belongs to its own move, not to the others playing the same SAN', () => {
  const tree = new AdditionsTree();
  const root = tree.root();
  const a = tree.moveTo(tree.moveTo(root, 'e4'), 'Nf6');
  const b = tree.moveTo(tree.moveTo(root, 'd4'), 'Nf6');
  tree.comment(a, 'Alekhine');
  expect(tree.data(a).comments).toEqual(['Alekhine']);
  expect(tree.data(b).comments).toBeUndefined();
  expect(tree.child(root, 1)).toBe(tree.moveTo(root, 'd4'));
  expect(tree.child(root, 2)).toBeUndefined();
});

test('thousands of moves grow the tree past its first arrays', () => {
  const tree = new AdditionsTree();
  const root = tree.root();
  let at = root;
  for (let i = 0; i < 5_000; i++) at = tree.moveTo(at, i % 2 ? 'Nf6' : 'Nf3');
  let depth = 0;
  for (let node = tree.child(root, 0); node !== undefined; node = tree.child(node, 0)) depth++;
  expect(depth).toBe(5_000);
});
