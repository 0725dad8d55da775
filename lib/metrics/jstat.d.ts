// The few jStat functions Remora uses (the package ships no types).
declare module 'jstat' {
  type Distribution = {
    cdf(x: number, ...parameters: number[]): number;
    inv(p: number, ...parameters: number[]): number;
  };
  const jStat: { studentt: Distribution; beta: Distribution };
  export default jStat;
}
