import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 uses TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Component tests drive whole screens (the wizard uploads, polls and saves through mocked calls):
// on a loaded 2-core machine they can take longer than jest's 5 s default without being wrong.
jest.setTimeout(20_000);
