// The recognition stage's entry point: from the sheet's primitives and words to the feature
// collection of a blueprint. It owns the folder hierarchy every blueprint starts from.
import type { BlueprintFeature, BlueprintFeatureCollection, BlueprintWord, Scale } from '../../../core/src/types.ts';
import type { SheetInfo, SheetPrimitives, SheetWord } from './types.ts';

export interface RecognitionInput {
  info: SheetInfo;
  primitives: SheetPrimitives;
  words: SheetWord[];
  scale: Scale | null;
}

export interface RecognitionResult {
  scale: Scale | null;
  geojson: BlueprintFeatureCollection;
  words: BlueprintWord[];
}

export const ROOT_FOLDER_ID = 'root';

export function rootFolder(name: string): BlueprintFeature {
  return {
    type: 'Feature',
    id: ROOT_FOLDER_ID,
    geometry: null,
    properties: { id: ROOT_FOLDER_ID, kind: 'folder', class: 'other', name, parent_id: null, position: 0, folder: null, relations: [] },
  };
}

/** What the API returns for a word: the extraction-only facts (size, angle) stay in the pipeline. */
export function publicWord(word: SheetWord): BlueprintWord {
  return { id: word.id, text: word.text, confidence: word.confidence, geometry: word.geometry, room_id: word.room_id ?? null, wall_id: word.wall_id ?? null };
}

export function recognizeSheet(input: RecognitionInput): RecognitionResult {
  return {
    scale: input.scale,
    geojson: { type: 'FeatureCollection', features: [rootFolder('Sheet')] },
    words: input.words.map(publicWord),
  };
}
