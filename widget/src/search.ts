import type { BlueprintFeature, BlueprintWord } from '../../core/src/types.ts';

/** Words whose text contains the query, ignoring case and accents; an empty query finds nothing. */
export function searchWords(words: readonly BlueprintWord[], query: string): BlueprintWord[] {
  const needle = fold(query.trim());
  if (needle === '') return [];
  return words.filter((word) => word.geometry !== null && fold(word.text).includes(needle));
}

/** Features shown on the sheet whose name contains the query, compared as in `searchWords`. */
export function searchFeatures(features: Iterable<BlueprintFeature>, query: string): BlueprintFeature[] {
  const needle = fold(query.trim());
  if (needle === '') return [];
  const hits: BlueprintFeature[] = [];
  for (const feature of features) {
    const name = feature.properties.name;
    if (feature.geometry !== null && typeof name === 'string' && fold(name).includes(needle)) hits.push(feature);
  }
  return hits;
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
