/** A small seeded PRNG (mulberry32): the same seed gives the same dataset on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** a generator for item `index` of a set: items can be made in any order, in batches */
  static forItem(seed: number, index: number): Random {
    return new Random(Math.imul(seed ^ 0x9e3779b9, 2654435761) ^ Math.imul(index + 1, 0x85ebca6b));
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

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** `count` distinct items */
  sample<T>(list: readonly T[], count: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < count && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    return out;
  }

  /** roughly normal around `mean`, clamped */
  normal(mean: number, spread: number, min: number, max: number): number {
    const value = mean + (this.next() + this.next() + this.next() - 1.5) * spread;
    return Math.min(max, Math.max(min, value));
  }
}
