import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { preloadAllControls } from '../engine/widgets/shared/lazy-control.tsx';
import '../engine/widgets/registry.ts';

// Controls load on demand in the app; tests render them at once (test/widgets/lazy-control.test.tsx covers the wait).
beforeAll(() => preloadAllControls());
afterEach(() => cleanup());
