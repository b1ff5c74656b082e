// The local stack, real uploads and the workflow take seconds, not jest's default 5 s.
jest.setTimeout(60_000);
