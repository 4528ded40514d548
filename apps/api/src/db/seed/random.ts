/** Small deterministic PRNG (mulberry32) so every seed run builds the same data. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}

/** Luhn check digit, as used by SIREN and SIRET numbers. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  const digits = [...partial].reverse();
  digits.forEach((char, index) => {
    let value = Number(char);
    if (index % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  });
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(number: string): boolean {
  return luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}
