// Type declarations for the part of jstat (1.9, no bundled types) that nbrevive uses: the regularized incomplete
// beta function and the Student t distribution, for the judge's one-sample t-test.
declare module 'jstat' {
  interface StudentT {
    cdf(x: number, dof: number): number;
    inv(p: number, dof: number): number;
  }
  interface JStatStatic {
    /** regularized incomplete beta function I_x(a, b) */
    ibeta(x: number, a: number, b: number): number;
    studentt: StudentT;
    mean(values: readonly number[]): number;
    /** standard deviation; flag true = sample (n − 1) */
    stdev(values: readonly number[], flag?: boolean): number;
  }
  const jStat: JStatStatic;
  export default jStat;
}
