/**
 * SVG scenes rasterised by sharp (librsvg) for the landing page's before/after demos.
 * Every scene is drawn here from shapes, gradients and procedural noise: no photo is copied.
 * All scenes share one 1200 x 800 canvas (3:2).
 */
export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">
<defs>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="4" result="n"/>
    <feColorMatrix in="n" type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.07 0"/>
    <feComposite in2="SourceGraphic" operator="in"/>
  </filter>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="8"/></filter>
  <linearGradient id="shadeDown" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/>
  </linearGradient>
  ${defs}
</defs>
${body}
<rect width="100%" height="100%" filter="url(#grain)" fill="#fff"/>
</svg>`;

/** Walls, floor, ceiling and a window of a room seen from its entrance. */
function roomShell(options: { wall: string; sideWall: string; floorA: string; floorB: string; windowLight: string }) {
  const planks = Array.from({ length: 15 }, (_, i) => {
    const xBack = 250 + (700 / 14) * i;
    const xFront = -100 + (1400 / 14) * i;
    return `<line x1="${xBack}" y1="520" x2="${xFront}" y2="800" stroke="${options.floorB}" stroke-width="2" opacity="0.6"/>`;
  }).join('');
  return {
    defs: `
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${options.floorB}"/><stop offset="1" stop-color="${options.floorA}"/></linearGradient>
  <linearGradient id="backWall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${options.wall}"/><stop offset="1" stop-color="${options.sideWall}"/></linearGradient>
  <linearGradient id="leftWall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${options.sideWall}"/><stop offset="1" stop-color="${options.wall}"/></linearGradient>
  <linearGradient id="rightWall" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${options.sideWall}"/><stop offset="1" stop-color="${options.wall}"/></linearGradient>
  <linearGradient id="windowView" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${options.windowLight}"/><stop offset="0.75" stop-color="#e9f1f4"/><stop offset="1" stop-color="#b9c9a8"/></linearGradient>
  <radialGradient id="daylight" cx="0.5" cy="0.75" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    body: `
<polygon points="0,0 1200,0 950,120 250,120" fill="#f4f2ee"/>
<polygon points="0,0 250,120 250,520 0,800" fill="url(#leftWall)"/>
<polygon points="1200,0 950,120 950,520 1200,800" fill="url(#rightWall)"/>
<rect x="250" y="120" width="700" height="400" fill="url(#backWall)"/>
<polygon points="250,520 950,520 1200,800 0,800" fill="url(#floor)"/>
${planks}
<polygon points="250,520 950,520 1200,800 0,800" fill="url(#daylight)"/>
<rect x="250" y="508" width="700" height="12" fill="#ffffff" opacity="0.85"/>
<polygon points="0,788 250,512 250,520 0,800" fill="#ffffff" opacity="0.8"/>
<polygon points="1200,788 950,512 950,520 1200,800" fill="#ffffff" opacity="0.8"/>
<rect x="440" y="165" width="320" height="270" fill="#fdfdfb"/>
<rect x="452" y="177" width="296" height="246" fill="url(#windowView)"/>
<path d="M470 360 q40 -45 90 -10 q35 -40 80 -5 q40 -30 90 5 l0 73 l-260 0z" fill="#8fa58a" opacity="0.7"/>
<rect x="597" y="177" width="6" height="246" fill="#fdfdfb"/>
<rect x="452" y="297" width="296" height="6" fill="#fdfdfb"/>
<polygon points="452,423 748,423 820,520 380,520" fill="#fff" opacity="0.16"/>`,
  };
}

const LIVING_ROOM_COLORS = {
  wall: '#e8e2d8',
  sideWall: '#d6cec1',
  floorA: '#a57a52',
  floorB: '#8a6240',
  windowLight: '#dfe6ea',
};

/** An empty living room: bare walls and a wooden floor. */
export function emptyRoom(): string {
  const shell = roomShell(LIVING_ROOM_COLORS);
  return svg(shell.defs, shell.body);
}

function livingRoomFurniture(): { defs: string; body: string } {
  return {
    defs: `
  <linearGradient id="sofa" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f8797"/><stop offset="1" stop-color="#4d6373"/></linearGradient>
  <linearGradient id="sofaSeat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7f97a6"/><stop offset="1" stop-color="#5b7282"/></linearGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c79a6b"/><stop offset="1" stop-color="#9c7148"/></linearGradient>
  <radialGradient id="lampGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3d1" stop-opacity="0.8"/><stop offset="1" stop-color="#fff3d1" stop-opacity="0"/></radialGradient>`,
    body: `
<!-- rug -->
<polygon points="300,585 900,585 1010,720 190,720" fill="#e9e1d2"/>
<polygon points="318,595 882,595 985,710 215,710" fill="none" stroke="#c9b79b" stroke-width="6"/>
<!-- wall art -->
<rect x="285" y="200" width="120" height="160" fill="#3f4b52"/><rect x="293" y="208" width="104" height="144" fill="#e7d3b5"/>
<circle cx="345" cy="260" r="30" fill="#d08b5b"/><rect x="300" y="300" width="90" height="40" fill="#7d9a8c"/>
<rect x="795" y="200" width="120" height="160" fill="#3f4b52"/><rect x="803" y="208" width="104" height="144" fill="#dfe7ea"/>
<path d="M810 340 l35 -60 l25 35 l15 -20 l22 45z" fill="#5d7685"/>
<!-- sofa -->
<ellipse cx="600" cy="600" rx="300" ry="22" fill="#000" opacity="0.22" filter="url(#soft)"/>
<rect x="330" y="430" width="540" height="110" rx="22" fill="url(#sofa)"/>
<rect x="330" y="505" width="540" height="85" rx="16" fill="url(#sofaSeat)"/>
<rect x="300" y="470" width="70" height="125" rx="18" fill="#566d7d"/>
<rect x="830" y="470" width="70" height="125" rx="18" fill="#566d7d"/>
<rect x="390" y="455" width="100" height="70" rx="14" fill="#e2c08d"/>
<rect x="710" y="455" width="100" height="70" rx="14" fill="#d9d3c7"/>
<rect x="350" y="590" width="10" height="18" fill="#3b2d22"/><rect x="840" y="590" width="10" height="18" fill="#3b2d22"/>
<!-- coffee table -->
<ellipse cx="600" cy="690" rx="170" ry="16" fill="#000" opacity="0.25" filter="url(#soft)"/>
<rect x="440" y="620" width="320" height="26" rx="8" fill="url(#wood)"/>
<rect x="465" y="646" width="14" height="44" fill="#7b5a3a"/><rect x="721" y="646" width="14" height="44" fill="#7b5a3a"/>
<rect x="520" y="600" width="70" height="20" rx="3" fill="#f2efe8"/><rect x="528" y="592" width="54" height="10" rx="2" fill="#c65f46"/>
<circle cx="680" cy="606" r="14" fill="#e9e4da"/><path d="M672 596 q8 -30 16 0" fill="#6f9a5e"/>
<!-- floor lamp -->
<ellipse cx="1010" cy="470" rx="120" ry="120" fill="url(#lampGlow)"/>
<rect x="1006" y="470" width="7" height="230" fill="#2f2f2f"/><ellipse cx="1010" cy="702" rx="36" ry="8" fill="#2f2f2f"/>
<polygon points="965,470 1055,470 1035,410 985,410" fill="#f4e7c6"/>
<!-- plant -->
<ellipse cx="170" cy="735" rx="60" ry="12" fill="#000" opacity="0.25" filter="url(#soft)"/>
<polygon points="130,650 210,650 198,735 142,735" fill="#d8cfc0"/>
<path d="M170 650 q-60 -70 -40 -170 q30 70 40 170 q5 -110 50 -190 q10 100 -50 190 q40 -60 90 -80 q-30 60 -90 80z" fill="#4f7d4a"/>
<path d="M170 650 q-80 -30 -110 -100 q60 20 110 100z" fill="#3e6a3b"/>`,
  };
}

/** The same living room furnished (the staging result drawn by hand, not by a model). */
export function stagedRoom(): string {
  const shell = roomShell(LIVING_ROOM_COLORS);
  const furniture = livingRoomFurniture();
  return svg(shell.defs + furniture.defs, shell.body + furniture.body);
}

const BEDROOM_COLORS = {
  wall: '#e4e7e3',
  sideWall: '#cdd3ce',
  floorA: '#b38d66',
  floorB: '#977049',
  windowLight: '#e3e9ec',
};

function bedroomFurniture(): string {
  return `
<ellipse cx="600" cy="640" rx="260" ry="20" fill="#000" opacity="0.22" filter="url(#soft)"/>
<rect x="380" y="380" width="440" height="150" rx="14" fill="#8b6a4e"/>
<rect x="360" y="500" width="480" height="130" rx="16" fill="#f3f1ec"/>
<rect x="360" y="560" width="480" height="70" rx="12" fill="#9fb3a6"/>
<rect x="400" y="470" width="170" height="55" rx="16" fill="#ffffff"/><rect x="630" y="470" width="170" height="55" rx="16" fill="#ffffff"/>
<rect x="260" y="500" width="90" height="90" rx="6" fill="#c79a6b"/><rect x="268" y="540" width="74" height="4" fill="#8d6643"/>
<rect x="850" y="500" width="90" height="90" rx="6" fill="#c79a6b"/><rect x="858" y="540" width="74" height="4" fill="#8d6643"/>
<rect x="285" y="455" width="40" height="45" rx="6" fill="#efe6d2"/><polygon points="272,430 338,430 328,455 282,455" fill="#f6edd5"/>
<rect x="875" y="455" width="40" height="45" rx="6" fill="#efe6d2"/><polygon points="862,430 928,430 918,455 872,455" fill="#f6edd5"/>`;
}

function clutter(): string {
  return `
<!-- cardboard boxes -->
<rect x="90" y="600" width="150" height="120" fill="#b98a57"/><rect x="90" y="600" width="150" height="18" fill="#a4784a"/><rect x="158" y="600" width="14" height="120" fill="#d8c49d" opacity="0.8"/>
<rect x="110" y="520" width="115" height="82" fill="#c69966"/><rect x="160" y="520" width="12" height="82" fill="#e2d1ad" opacity="0.8"/>
<rect x="960" y="610" width="170" height="130" fill="#b3844f"/><rect x="960" y="610" width="170" height="20" fill="#9c7043"/>
<!-- clothes on the bed and floor -->
<path d="M430 540 q60 -30 120 0 q40 20 90 -5 l10 40 q-80 30 -220 5z" fill="#c0504d"/>
<path d="M640 560 q50 -25 110 5 l-10 30 q-60 10 -100 -5z" fill="#3f5e8c"/>
<path d="M520 700 q70 -25 140 5 q20 20 -10 35 q-70 15 -130 -10z" fill="#5b8c6a"/>
<path d="M300 690 q40 -20 90 0 l-5 25 q-45 10 -85 -5z" fill="#e0b64c"/>
<!-- laundry basket -->
<ellipse cx="860" cy="720" rx="60" ry="14" fill="#000" opacity="0.25" filter="url(#soft)"/>
<polygon points="805,650 915,650 900,725 820,725" fill="#d9c9a5"/><path d="M810 652 q50 -40 100 0" fill="#8fa0b8"/>
<!-- papers and a bag -->
<polygon points="390,760 470,745 485,775 400,790" fill="#fbfbf8"/><polygon points="420,772 500,760 510,785 430,795" fill="#f0efe9"/>
<path d="M700 690 q35 -60 70 0 z" fill="#2e2e33"/><rect x="690" y="688" width="90" height="60" rx="10" fill="#3d3d44"/>
<!-- chair with a pile of clothes -->
<rect x="250" y="600" width="12" height="110" fill="#5a4634"/><rect x="330" y="600" width="12" height="110" fill="#5a4634"/>
<rect x="240" y="590" width="112" height="18" fill="#6e5640"/><rect x="240" y="520" width="14" height="80" fill="#6e5640"/>
<path d="M238 585 q55 -45 118 0 q-60 15 -118 0z" fill="#7a6aa8"/>`;
}

/** A bedroom with boxes, clothes and papers everywhere. */
export function clutteredRoom(): string {
  const shell = roomShell(BEDROOM_COLORS);
  return svg(shell.defs, shell.body + bedroomFurniture() + clutter());
}

/** The same bedroom with the clutter removed (drawn by hand, not by a model). */
export function declutteredRoom(): string {
  const shell = roomShell(BEDROOM_COLORS);
  return svg(shell.defs, shell.body + bedroomFurniture());
}

/** A furnished living room; darkened afterwards to stand for an underexposed shot. */
export function furnishedRoom(): string {
  return stagedRoom();
}

/** A house facade under a flat, grey overcast sky. */
export function houseUnderOvercastSky(): string {
  const windows = [
    [360, 330],
    [520, 330],
    [760, 330],
    [360, 470],
    [760, 470],
  ]
    .map(
      ([x, y]) =>
        `<rect x="${x}" y="${y}" width="90" height="105" fill="#f7f4ee"/><rect x="${(x ?? 0) + 7}" y="${(y ?? 0) + 7}" width="76" height="91" fill="url(#glass)"/><rect x="${(x ?? 0) + 43}" y="${(y ?? 0) + 7}" width="4" height="91" fill="#f7f4ee"/><rect x="${(x ?? 0) - 8}" y="${(y ?? 0) + 105}" width="106" height="8" fill="#dcd6cb"/>`,
    )
    .join('');
  const defs = `
  <linearGradient id="overcast" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ea4a9"/><stop offset="1" stop-color="#c9cccd"/></linearGradient>
  <filter id="clouds" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.006 0.014" numOctaves="4" seed="11"/>
    <feColorMatrix type="matrix" values="0 0 0 0 0.86  0 0 0 0 0.87  0 0 0 0 0.88  0 0 0 0.55 -0.12"/>
  </filter>
  <linearGradient id="facade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e1d1"/><stop offset="1" stop-color="#d7ccb8"/></linearGradient>
  <linearGradient id="roof" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b4d42"/><stop offset="1" stop-color="#51392f"/></linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8e9aa2"/><stop offset="1" stop-color="#4d5a63"/></linearGradient>
  <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f8a4f"/><stop offset="1" stop-color="#56703b"/></linearGradient>`;
  const body = `
<rect width="1200" height="800" fill="url(#overcast)"/>
<rect width="1200" height="420" filter="url(#clouds)"/>
<circle cx="120" cy="520" r="120" fill="#4e6541"/><circle cx="60" cy="450" r="90" fill="#5a7349"/><rect x="110" y="540" width="18" height="120" fill="#4b3b2c"/>
<circle cx="1090" cy="500" r="130" fill="#4a603e"/><circle cx="1150" cy="420" r="90" fill="#587047"/><rect x="1080" y="540" width="20" height="120" fill="#4b3b2c"/>
<rect x="300" y="290" width="600" height="350" fill="url(#facade)"/>
<polygon points="270,300 600,120 930,300" fill="url(#roof)"/>
<rect x="760" y="150" width="50" height="110" fill="#8b6b5c"/><rect x="752" y="145" width="66" height="14" fill="#6b4d42"/>
<polygon points="270,300 930,300 920,312 280,312" fill="#3c2a23" opacity="0.5"/>
${windows}
<rect x="540" y="470" width="110" height="170" fill="#2f4456"/><rect x="548" y="478" width="94" height="162" fill="#3b5468"/><circle cx="628" cy="560" r="5" fill="#d9c38a"/>
<rect x="520" y="462" width="150" height="10" fill="#dcd6cb"/>
<rect x="0" y="640" width="1200" height="160" fill="url(#lawn)"/>
<polygon points="545,640 645,640 700,800 490,800" fill="#cfc6b6"/>
<rect x="300" y="600" width="220" height="55" rx="26" fill="#3f5a34"/><rect x="670" y="600" width="230" height="55" rx="26" fill="#3f5a34"/>
<rect x="300" y="628" width="600" height="12" fill="url(#shadeDown)"/>`;
  return svg(defs, body);
}
