// vitest setup file: every test of the package that lists it in `setupFiles` fails when it leaves a
// server, a connection or a timer holding the event loop (see `open-handles.ts`).
import { afterEach, beforeEach } from 'vitest';
import { failOnOpenHandles } from './open-handles.js';

failOnOpenHandles({ beforeEach, afterEach });
