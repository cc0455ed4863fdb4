// A small PNG decoder (what matplotlib writes: 8-bit greyscale, grey+alpha, RGB, RGBA or palette, not
// interlaced) and an average hash of the image, so two plots can be compared by what they look like. Node's zlib
// inflates the data; nothing else is needed.
import zlib from 'node:zlib';

export interface DecodedImage {
  width: number;
  height: number;
  /** greyscale 0..255 per pixel, row by row, alpha composited over white */
  grey: Uint8Array;
}

export class PngError extends Error {}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Width and height from the IHDR chunk, without decoding (any PNG). */
export function pngSize(data: Buffer): { width: number; height: number } {
  if (data.length < 24 || !data.subarray(0, 8).equals(SIGNATURE)) throw new PngError('not a PNG file');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(data: Buffer): DecodedImage {
  const { width, height } = pngSize(data);
  let offset = 8;
  let bitDepth = 0;
  let colorType = 0;
  let interlace = 0;
  let palette: Buffer | null = null;
  const idat: Buffer[] = [];
  while (offset + 8 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      bitDepth = body[8]!;
      colorType = body[9]!;
      interlace = body[12]!;
    } else if (type === 'PLTE') palette = Buffer.from(body);
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = CHANNELS[colorType];
  if (bitDepth !== 8 || channels === undefined)
    throw new PngError(`unsupported PNG (bit depth ${bitDepth}, colour type ${colorType})`);
  if (interlace !== 0) throw new PngError('interlaced PNGs are not supported');
  if (colorType === 3 && !palette) throw new PngError('palette PNG without a palette');
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) throw new PngError('truncated PNG data');
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[out + x - channels]! : 0;
      const b = y > 0 ? pixels[out - stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[out - stride + x - channels]! : 0;
      const v = line[x]!;
      pixels[out + x] =
        (filter === 0
          ? v
          : filter === 1
            ? v + a
            : filter === 2
              ? v + b
              : filter === 3
                ? v + ((a + b) >> 1)
                : v + paeth(a, b, c)) & 0xff;
    }
  }
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    let r: number,
      g: number,
      bl: number,
      alpha = 255;
    const p = i * channels;
    if (colorType === 0 || colorType === 4) {
      r = g = bl = pixels[p]!;
      if (colorType === 4) alpha = pixels[p + 1]!;
    } else if (colorType === 3) {
      const k = pixels[p]! * 3;
      r = palette![k] ?? 0;
      g = palette![k + 1] ?? 0;
      bl = palette![k + 2] ?? 0;
    } else {
      r = pixels[p]!;
      g = pixels[p + 1]!;
      bl = pixels[p + 2]!;
      if (colorType === 6) alpha = pixels[p + 3]!;
    }
    const lum = 0.299 * r + 0.587 * g + 0.114 * bl;
    grey[i] = Math.round((lum * alpha + 255 * (255 - alpha)) / 255);
  }
  return { width, height, grey };
}

/**
 * Average hash: the image shrunk to size×size greyscale (box average), one bit per cell, set where the cell is
 * darker than the mean. Similar pictures differ in few bits whatever their resolution.
 */
export function averageHash(image: DecodedImage, size = 16): boolean[] {
  const cells = new Float64Array(size * size);
  const counts = new Float64Array(size * size);
  for (let y = 0; y < image.height; y++) {
    const cy = Math.min(size - 1, Math.floor((y * size) / image.height));
    for (let x = 0; x < image.width; x++) {
      const cx = Math.min(size - 1, Math.floor((x * size) / image.width));
      cells[cy * size + cx]! += image.grey[y * image.width + x]!;
      counts[cy * size + cx]! += 1;
    }
  }
  const means = Array.from(cells, (v, i) => (counts[i] ? v / counts[i]! : 255));
  const mean = means.reduce((a, b) => a + b, 0) / means.length;
  return means.map((v) => v < mean);
}

export function hammingDistance(a: readonly boolean[], b: readonly boolean[]): number {
  let d = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) d++;
  return d;
}
