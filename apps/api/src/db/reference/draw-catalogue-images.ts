import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG_ACCESSORIES, CATALOG_PHONES } from './catalogue.ts';

/**
 * Draws the catalogue's product pictures as small SVG files (no photograph, no external fetch),
 * into apps/web/public/catalogue/, served with the web app. Run again after adding a product:
 *   npx tsx src/db/reference/draw-catalogue-images.ts        (from apps/api)
 * Phones are 160 × 240, accessories 160 × 160: the pages give the same width and height.
 */
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/catalogue');

/** Body and screen tones per brand; the drawing differs by brand and by model name. */
const TONES: Record<string, { body: string; screen: [string, string] }> = {
  Apple: { body: '#3a3a3c', screen: ['#5e8bd6', '#c66bd1'] },
  Samsung: { body: '#1f2a44', screen: ['#2d6cdf', '#7fd1d8'] },
  Google: { body: '#2f3b2f', screen: ['#e8a23a', '#5bb974'] },
  Xiaomi: { body: '#3b2b23', screen: ['#ff7a2f', '#ffd08a'] },
  Fairphone: { body: '#24463a', screen: ['#3fa66b', '#d9e96b'] },
  Motorola: { body: '#1e3d4c', screen: ['#3aa0c8', '#a4e2d8'] },
  Nothing: { body: '#202020', screen: ['#d9d9d9', '#8c8c8c'] },
  Crosscall: { body: '#2b2b2b', screen: ['#f0a500', '#4b4b4b'] },
  Honor: { body: '#2c2240', screen: ['#7a5cd6', '#f2b8d9'] },
};

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function phoneSvg(phone: (typeof CATALOG_PHONES)[number]): string {
  const tone = TONES[phone.marque] ?? { body: '#333333', screen: ['#888888', '#cccccc'] };
  const id = `g${phone.idArticle}`;
  const wide = /Ultra|Pro Max|Note|15T|edge/.test(phone.modele);
  const rugged = /XCover|Core-Z/.test(phone.modele);
  const flip = /Flip/.test(phone.modele);
  const x = wide ? 28 : 34;
  const width = 160 - 2 * x;
  const radius = rugged ? 10 : 18;
  const fold = flip ? `<line x1="${x + 4}" y1="120" x2="${x + width - 4}" y2="120" stroke="${tone.body}" stroke-width="3"/>` : '';
  const bumpers = rugged
    ? `<rect x="${x - 5}" y="22" width="10" height="26" rx="3" fill="#f0a500"/><rect x="${x + width - 5}" y="192" width="10" height="26" rx="3" fill="#f0a500"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="240" viewBox="0 0 160 240">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tone.screen[0]}"/><stop offset="1" stop-color="${tone.screen[1]}"/></linearGradient></defs>
<rect x="${x}" y="8" width="${width}" height="224" rx="${radius}" fill="${tone.body}"/>
${bumpers}
<rect x="${x + 5}" y="14" width="${width - 10}" height="212" rx="${radius - 4}" fill="url(#${id})"/>
<rect x="${80 - 12}" y="20" width="24" height="7" rx="3.5" fill="${tone.body}"/>
${fold}
<text x="80" y="150" text-anchor="middle" font-family="Arial, sans-serif" font-size="13" font-weight="700" fill="#ffffff">${escape(phone.marque)}</text>
<text x="80" y="168" text-anchor="middle" font-family="Arial, sans-serif" font-size="10" fill="#ffffff">${escape(phone.modele)}</text>
</svg>
`;
}

/** One pictogram per accessory category, on a light tile. */
const PICTOGRAMS: Record<string, string> = {
  Coque: '<rect x="52" y="28" width="56" height="104" rx="12" fill="none" stroke="#1f2a44" stroke-width="6"/><circle cx="68" cy="46" r="6" fill="#1f2a44"/>',
  'Protection d’écran': '<rect x="50" y="26" width="60" height="108" rx="10" fill="#cfe3f7" stroke="#2d6cdf" stroke-width="3"/><path d="M58 40 L80 34 M58 60 L100 48" stroke="#ffffff" stroke-width="4"/>',
  Chargeur: '<rect x="50" y="48" width="60" height="64" rx="10" fill="#1f2a44"/><rect x="64" y="26" width="8" height="22" fill="#1f2a44"/><rect x="88" y="26" width="8" height="22" fill="#1f2a44"/><path d="M82 60 L70 82 H84 L76 102 L94 76 H80 Z" fill="#f0c040"/>',
  Câble: '<path d="M40 120 C40 60 120 100 120 40" fill="none" stroke="#1f2a44" stroke-width="6"/><rect x="30" y="118" width="20" height="14" rx="3" fill="#1f2a44"/><rect x="110" y="26" width="20" height="14" rx="3" fill="#1f2a44"/>',
  Audio: '<path d="M44 96 V80 A36 36 0 0 1 116 80 V96" fill="none" stroke="#1f2a44" stroke-width="7"/><rect x="36" y="90" width="20" height="34" rx="8" fill="#1f2a44"/><rect x="104" y="90" width="20" height="34" rx="8" fill="#1f2a44"/>',
  Support: '<rect x="58" y="30" width="44" height="78" rx="8" fill="#1f2a44"/><rect x="74" y="108" width="12" height="24" fill="#1f2a44"/><rect x="58" y="128" width="44" height="8" rx="4" fill="#1f2a44"/>',
  Batterie: '<rect x="42" y="52" width="70" height="56" rx="10" fill="#1f2a44"/><rect x="112" y="70" width="8" height="20" rx="2" fill="#1f2a44"/><rect x="50" y="60" width="34" height="40" rx="4" fill="#5bb974"/>',
};

function accessorySvg(accessory: (typeof CATALOG_ACCESSORIES)[number]): string {
  const pictogram = PICTOGRAMS[accessory.categorie] ?? '<circle cx="80" cy="80" r="40" fill="#1f2a44"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect width="160" height="160" rx="16" fill="#eef2f7"/>
${pictogram}
</svg>
`;
}

mkdirSync(folder, { recursive: true });
const written = new Set<string>();
for (const phone of CATALOG_PHONES) {
  writeFileSync(path.join(folder, phone.image), phoneSvg(phone));
  written.add(phone.image);
}
for (const accessory of CATALOG_ACCESSORIES) {
  if (written.has(accessory.image)) throw new Error(`image ${accessory.image} used twice`);
  writeFileSync(path.join(folder, accessory.image), accessorySvg(accessory));
}
console.log(`${CATALOG_PHONES.length + CATALOG_ACCESSORIES.length} pictures in ${folder}`);
