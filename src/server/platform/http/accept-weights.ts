/** An Accept or Accept-Encoding header's values by their q weight (1 unless given). */
export function acceptWeights(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return weights;
}
