/** A small deterministic PRNG (mulberry32) so `Math.random` is reproducible per execution. */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The per-execution seed: `Math.random` gives the same sequence in every run, in-process or isolated. */
export const RANDOM_SEED = 0x9e3779b9
