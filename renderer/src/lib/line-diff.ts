// Which lines of two texts differ: those outside their longest common subsequence, as a line diff marks them. For
// outputs of one cell (tens of lines), so the O(n·m) table is small.

/** Per line of a and of b: whether it is outside their longest common subsequence (changed). */
export function changedLines(a: readonly string[], b: readonly string[]): { a: boolean[]; b: boolean[] } {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const ca = new Array<boolean>(n).fill(true);
  const cb = new Array<boolean>(m).fill(true);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ca[i++] = false;
      cb[j++] = false;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return { a: ca, b: cb };
}
