// Edit similarity between two notebook versions, cached by their content hashes: versions never change, so a
// value computed once (by the corpus statistics) holds forever and a dashboard over 10k jobs parses each pair once.
import { StoreContext } from './context';

export class SimilarityRepository {
  constructor(private readonly ctx: StoreContext) {}

  get(beforeHash: string, afterHash: string): number | undefined {
    return this.ctx.read(
      () =>
        this.ctx
          .prepare<[string, string], { value: number }>(
            'SELECT value FROM edit_similarity WHERE before_hash = ? AND after_hash = ?',
          )
          .get(beforeHash, afterHash)?.value,
    );
  }

  /** The cached value, else `compute()`'s, stored for next time. */
  getOrCompute(beforeHash: string, afterHash: string, compute: () => number): number {
    if (beforeHash === afterHash) return 1;
    const cached = this.get(beforeHash, afterHash);
    if (cached !== undefined) return cached;
    const value = compute();
    this.ctx.write(() =>
      this.ctx
        .prepare('INSERT INTO edit_similarity (before_hash, after_hash, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
        .run(beforeHash, afterHash, value),
    );
    return value;
  }
}
