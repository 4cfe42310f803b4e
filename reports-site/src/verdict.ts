// How a verdict looks wherever it is shown: one class per verdict, so OK, FAIL and INCONCLUSIVE never look alike.

/** 'ok', 'inconclusive' or 'fail' (anything unknown is shown as a failure, never as OK). */
export function verdictClass(verdict: string | null | undefined): string {
  return verdict === 'OK' ? 'ok' : verdict === 'INCONCLUSIVE' ? 'inconclusive' : 'fail';
}
