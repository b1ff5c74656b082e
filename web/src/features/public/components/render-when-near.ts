/**
 * Classes of a light section below the first screen: rendered only as it comes near the viewport
 * (content-visibility: auto; decision 131), so that the first paint lays out the first screen
 * alone; its height is estimated until then, and remembered once known. Not on the dark sections
 * (figures, call to action, footer): the contrast audit of Lighthouse (axe) cannot find the
 * background of a section not rendered yet and fails their light text.
 */
export const RENDER_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_640px]';
