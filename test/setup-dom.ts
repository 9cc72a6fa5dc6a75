import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { preloadAllControls } from '../engine/widgets/shared/lazy-control.tsx';
import '../engine/widgets/registry.ts';

// Controls load on demand in the app; tests render them at once (test/widgets/lazy-control.test.tsx covers the wait).
beforeAll(() => preloadAllControls());
afterEach(() => cleanup());

// waitFor and findBy wait for a state, not a time: on a loaded 2-core CI machine running three test files at once a
// render can take seconds, and the library's one-second default then fails a test that is right.
configure({ asyncUtilTimeout: 15_000 });
