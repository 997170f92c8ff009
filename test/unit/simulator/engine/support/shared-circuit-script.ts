/**
 * Run as its own process by lanes-process.test.ts: a circuit shared with a lane, in a plain
 * Node process where nothing else keeps the event loop alive. Prints the norm when it is done.
 */
import {
  simulateCircuit,
  toStateVector,
} from '../../../../../src/simulator/engine/circuits/simulate';
import { Work } from '../../../../../src/simulator/engine/work';
import { randomDialectCircuit } from './random-circuits';

const circuit = randomDialectCircuit(12, 60, 1);
const state = await simulateCircuit(circuit, new Map(), Work.root(), {
  threads: 2,
  threadsFromQubits: 2,
  blockQubits: 6,
  lowQubits: 2,
  sparse: false,
});
process.stdout.write(`norm ${toStateVector(state).norm2().toFixed(9)}\n`);
