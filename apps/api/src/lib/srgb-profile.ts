/**
 * The sRGB colour profile (IEC 61966-2-1) as an ICC version 2 profile, which a PDF/A document
 * names as its output intent: the colour space its DeviceRGB text and rules are to be shown in.
 * Written here from the standard's figures (primaries adapted to D50, the sRGB transfer curve
 * sampled 1,024 times) because no package of the registry ships the profile on its own
 * (decision 059); about 2.6 KB, made once per process.
 */

/** D50 white, and the sRGB primaries adapted to it (Bradford), as every sRGB ICC profile gives them. */
const D50 = [0.9642, 1.0, 0.8249] as const;
const PRIMARIES = {
  rXYZ: [0.4361, 0.2225, 0.0139],
  gXYZ: [0.3851, 0.7169, 0.0971],
  bXYZ: [0.1431, 0.0606, 0.7141],
} as const;
const CURVE_POINTS = 1024;

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

class Bytes {
  private readonly chunks: number[] = [];
  u8(value: number) {
    this.chunks.push(value & 0xff);
    return this;
  }
  u16(value: number) {
    return this.u8(value >>> 8).u8(value);
  }
  u32(value: number) {
    return this.u16(value >>> 16).u16(value & 0xffff);
  }
  /** Signed 15.16 fixed point. */
  s15f16(value: number) {
    return this.u32(Math.round(value * 65_536) >>> 0);
  }
  text(value: string) {
    for (const byte of ascii(value)) this.u8(byte);
    return this;
  }
  zeros(count: number) {
    for (let index = 0; index < count; index += 1) this.u8(0);
    return this;
  }
  get length() {
    return this.chunks.length;
  }
  toArray() {
    return Uint8Array.from(this.chunks);
  }
}

const xyzTag = (xyz: readonly number[]) => {
  const tag = new Bytes().text('XYZ ').zeros(4);
  for (const value of xyz) tag.s15f16(value);
  return tag.toArray();
};

/** The sRGB transfer function, from encoded value to linear light. */
const linear = (encoded: number) => (encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4);

function curveTag(): Uint8Array {
  const tag = new Bytes().text('curv').zeros(4).u32(CURVE_POINTS);
  for (let index = 0; index < CURVE_POINTS; index += 1) tag.u16(Math.round(linear(index / (CURVE_POINTS - 1)) * 65_535));
  return tag.toArray();
}

/** textDescriptionType: the ASCII description, then empty Unicode and ScriptCode parts. */
function descriptionTag(description: string): Uint8Array {
  return new Bytes()
    .text('desc')
    .zeros(4)
    .u32(description.length + 1)
    .text(description)
    .u8(0)
    .zeros(4 + 4) // Unicode language code and count
    .zeros(2 + 1 + 67) // ScriptCode code, count and its fixed 67 bytes
    .toArray();
}

const textTag = (text: string) => new Bytes().text('text').zeros(4).text(text).u8(0).toArray();

export const SRGB_PROFILE_NAME = 'sRGB IEC61966-2.1';

function buildProfile(): Uint8Array {
  const curve = curveTag();
  const tags: [string, Uint8Array][] = [
    ['desc', descriptionTag(SRGB_PROFILE_NAME)],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['rXYZ', xyzTag(PRIMARIES.rXYZ)],
    ['gXYZ', xyzTag(PRIMARIES.gXYZ)],
    ['bXYZ', xyzTag(PRIMARIES.bXYZ)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  const headerSize = 128;
  const tableSize = 4 + tags.length * 12;
  // Each distinct tag once, 4-byte aligned; the three curves share one.
  const offsets = new Map<Uint8Array, number>();
  let at = headerSize + tableSize;
  for (const [, data] of tags) {
    if (offsets.has(data)) continue;
    offsets.set(data, at);
    at += Math.ceil(data.length / 4) * 4;
  }
  const size = at;
  const profile = new Bytes()
    .u32(size)
    .zeros(4) // preferred CMM
    .u32(0x02_10_00_00) // version 2.1
    .text('mntr')
    .text('RGB ')
    .text('XYZ ')
    .u16(2026).u16(1).u16(1).zeros(6) // creation date and time: fixed, so the bytes never change
    .text('acsp')
    .zeros(4 + 4 + 4 + 4 + 8) // platform, flags, manufacturer, model, attributes
    .u32(0) // perceptual intent
    .s15f16(D50[0]).s15f16(D50[1]).s15f16(D50[2])
    .zeros(4 + 16 + 28) // creator, profile id, reserved
    .u32(tags.length);
  for (const [signature, data] of tags) profile.text(signature).u32(offsets.get(data) ?? 0).u32(data.length);
  for (const [data] of offsets) {
    for (const byte of data) profile.u8(byte);
    profile.zeros(Math.ceil(data.length / 4) * 4 - data.length);
  }
  if (profile.length !== size) throw new Error('sRGB profile: size mismatch');
  return profile.toArray();
}

let profile: Uint8Array | undefined;
/** The profile's bytes, made on first use. */
export function srgbProfile(): Uint8Array {
  profile ??= buildProfile();
  return profile;
}
