import { portalSize } from '../download-portal';

describe('listing-portal size (decision 093)', () => {
  it('brings the long side down to 1920 px, keeping the proportions', () => {
    expect(portalSize(4032, 3024)).toEqual({ width: 1920, height: 1440 });
    // A portrait photo: its height is the long side.
    expect(portalSize(3024, 4032)).toEqual({ width: 1440, height: 1920 });
  });

  it('never enlarges a smaller picture', () => {
    expect(portalSize(1200, 800)).toEqual({ width: 1200, height: 800 });
  });
});
