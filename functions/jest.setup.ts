// The engines' tests decode and segment real photos: seconds each on a loaded 2-core machine,
// where jest's 5 s default failed them. No figure is timed here: the bench measures speed.
jest.setTimeout(30_000);
