import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 uses TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });
