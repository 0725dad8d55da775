// Which of ruff's fixes are safe. ruff marks each fix safe or unsafe (an unsafe one may change what
// the code does: UP031's format rewrite, B905's strict=, SIM108's ternary, SIM105's suppress...) and
// applies only safe ones unless asked (`unsafe-fixes`). ruff's WebAssembly build does not report that
// mark, so this list holds the rules whose fixes ruff marks safe; a rule not listed here counts as
// unsafe, so that nothing that may change behaviour is applied by default.
const SAFE_FIX_RULES = new Set([
  // pycodestyle
  'E401',
  'E703',
  'E713',
  'E714',
  'W291',
  'W292',
  'W293',
  'W605',
  // pyflakes
  'F401',
  'F541',
  'F632',
  // isort
  'I001',
  'I002',
  // pyupgrade
  'UP001',
  'UP003',
  'UP004',
  'UP005',
  'UP006',
  'UP009',
  'UP010',
  'UP011',
  'UP012',
  'UP013',
  'UP014',
  'UP015',
  'UP017',
  'UP018',
  'UP019',
  'UP020',
  'UP021',
  'UP023',
  'UP024',
  'UP025',
  'UP026',
  'UP032',
  'UP033',
  'UP034',
  'UP035',
  'UP037',
  'UP039',
  'UP041',
  // bugbear
  'B009',
  'B010',
  'B013',
  'B014',
  'B033',
  // simplify
  'SIM300',
  'SIM910',
  'SIM911',
  // ruff's own
  'RUF100',
]);

export function fixIsSafe(code: string): boolean {
  return SAFE_FIX_RULES.has(code.toUpperCase());
}

/** True when the ruff settings opt in to unsafe fixes (ruff's own `unsafe-fixes` option). */
export function unsafeFixesAllowed(settings: Record<string, unknown>): boolean {
  return settings['unsafe-fixes'] === true;
}
