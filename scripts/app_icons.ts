/**
 * Draws the employee app's PNG icons (src/app/icon-192.png, icon-512.png): the service's icon (a white
 * cross on red, src/icon.ts) as full-bleed squares, so one image serves as a plain and a maskable icon
 * (the cross stays within the central 80 % that launchers keep). No image library: the pixels are computed
 * and written as an 8-bit RGB PNG. Run `deno run --allow-write scripts/app_icons.ts` after changing it.
 */

const RED = [0xa5, 0x0d, 0x26];
const WHITE = [0xff, 0xff, 0xff];

/** Whether (x, y), in units of the icon's side (0..1), is on the cross. */
function onCross(x: number, y: number): boolean {
  const arm = 0.16; // half the width of an arm
  const reach = 0.32; // from the centre to an arm's end
  const dx = Math.abs(x - 0.5);
  const dy = Math.abs(y - 0.5);
  return (dx <= arm && dy <= reach) || (dy <= arm && dx <= reach);
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The icon at `size` pixels as a PNG (4×4 samples per pixel smooth the cross's edges). */
export async function iconPng(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const raw = new Uint8Array(size * (1 + 3 * size));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + 3 * size);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          if (onCross((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size)) hits++;
        }
      }
      const a = hits / 16;
      for (let i = 0; i < 3; i++) raw[row + 1 + 3 * x + i] = Math.round(RED[i] * (1 - a) + WHITE[i] * a);
    }
  }
  const zlib = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, size);
  v.setUint32(4, size);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib),
    chunk("IEND", new Uint8Array()),
  ];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

if (import.meta.main) {
  for (const size of [192, 512]) {
    const png = await iconPng(size);
    await Deno.writeFile(new URL(`../src/app/icon-${size}.png`, import.meta.url), png);
    console.log(`src/app/icon-${size}.png: ${png.length} bytes`);
  }
}
