// The blueprint being viewed or edited: features, scale, and the undo/redo history of changes.
// Every change is a list of whole-feature before/after snapshots, so undo is exact (measurements
// and unknown properties included) and needs no inverse operations.

import type { BlueprintFeature, BlueprintFeatureCollection, FeatureProperties, Scale } from '../../core/src/types.ts';
import type { ChangeReason } from '../../sdk/src/protocol.ts';

export interface FeatureEdit {
  id: string;
  /** null: the feature did not exist before (it was created). */
  before: BlueprintFeature | null;
  /** null: the feature no longer exists (it was deleted). */
  after: BlueprintFeature | null;
}

export interface Change {
  reason: Exclude<ChangeReason, 'undo' | 'redo'>;
  edits: FeatureEdit[];
  scale?: { before: Scale | null; after: Scale | null };
}

export interface AppliedChange {
  reason: ChangeReason;
  /** Ids that exist after the change and were created or modified by it. */
  changedIds: string[];
  removedIds: string[];
  scaleChanged: boolean;
}

export class BlueprintDocument extends EventTarget {
  readonly #features = new Map<string, BlueprintFeature>();
  readonly #undo: Change[] = [];
  readonly #redo: Change[] = [];
  #savedAt: Change | null = null;
  #scale: Scale | null;

  constructor(
    collection: BlueprintFeatureCollection,
    scale: Scale | null,
    /** Blueprint units per inch of paper. */
    readonly dpi: number,
  ) {
    super();
    for (const feature of collection.features) this.#features.set(feature.properties.id, feature);
    this.#scale = scale;
  }

  get scale(): Scale | null {
    return this.#scale;
  }

  get features(): IterableIterator<BlueprintFeature> {
    return this.#features.values();
  }

  get size(): number {
    return this.#features.size;
  }

  get(id: string): BlueprintFeature | undefined {
    return this.#features.get(id);
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  get canRedo(): boolean {
    return this.#redo.length > 0;
  }

  /** True when the document differs from what was loaded or last saved. */
  get dirty(): boolean {
    return (this.#undo.at(-1) ?? null) !== this.#savedAt;
  }

  toCollection(): BlueprintFeatureCollection {
    return { type: 'FeatureCollection', features: [...this.#features.values()] };
  }

  apply(change: Change): void {
    // History first, so that listeners of the change event see `dirty` and `canUndo` up to date.
    this.#undo.push(change);
    this.#redo.length = 0;
    this.#perform(change, 'forward', change.reason);
  }

  undo(): boolean {
    const change = this.#undo.pop();
    if (change === undefined) return false;
    this.#redo.push(change);
    this.#perform(change, 'backward', 'undo');
    return true;
  }

  redo(): boolean {
    const change = this.#redo.pop();
    if (change === undefined) return false;
    this.#undo.push(change);
    this.#perform(change, 'forward', 'redo');
    return true;
  }

  markSaved(): void {
    this.#savedAt = this.#undo.at(-1) ?? null;
    this.dispatchEvent(new Event('saved'));
  }

  #perform(change: Change, direction: 'forward' | 'backward', reason: ChangeReason): void {
    const changedIds: string[] = [];
    const removedIds: string[] = [];
    const edits = direction === 'forward' ? change.edits : [...change.edits].reverse();
    for (const edit of edits) {
      const target = direction === 'forward' ? edit.after : edit.before;
      if (target === null) {
        this.#features.delete(edit.id);
        removedIds.push(edit.id);
      } else {
        this.#features.set(edit.id, target);
        changedIds.push(edit.id);
      }
    }
    if (change.scale !== undefined) this.#scale = direction === 'forward' ? change.scale.after : change.scale.before;
    const applied: AppliedChange = { reason, changedIds, removedIds, scaleChanged: change.scale !== undefined };
    this.dispatchEvent(new CustomEvent<AppliedChange>('change', { detail: applied }));
  }
}

export function withProperties(feature: BlueprintFeature, patch: Partial<FeatureProperties>): BlueprintFeature {
  return { ...feature, properties: { ...feature.properties, ...patch } };
}

/**
 * The edits that delete a feature and keep the collection valid: neighbours stop listing it as a
 * relation, and its children move up to its parent.
 */
export function deletionEdits(document: BlueprintDocument, id: string): FeatureEdit[] {
  const target = document.get(id);
  if (target === undefined) return [];
  const edits: FeatureEdit[] = [{ id, before: target, after: null }];
  for (const feature of document.features) {
    const properties = feature.properties;
    if (properties.id === id) continue;
    const related = properties.relations?.includes(id) ?? false;
    const child = properties.parent_id === id;
    if (!related && !child) continue;
    const patch: Partial<FeatureProperties> = {};
    if (related) patch.relations = properties.relations!.filter((relation) => relation !== id);
    if (child) {
      patch.parent_id = target.properties.parent_id ?? null;
      patch.folder = target.properties.folder ?? null;
    }
    edits.push({ id: properties.id, before: feature, after: withProperties(feature, patch) });
  }
  return edits;
}

/** The root folder (kind folder, no parent), which new top-level features hang under. */
export function rootFolder(document: BlueprintDocument): BlueprintFeature | undefined {
  for (const feature of document.features) {
    if (feature.properties.kind === 'folder' && feature.properties.parent_id == null) return feature;
  }
  return undefined;
}

/** A sort position after every sibling under `parentId`. */
export function nextPosition(document: BlueprintDocument, parentId: string | null): number {
  let last = 0;
  for (const feature of document.features) {
    if ((feature.properties.parent_id ?? null) === parentId) last = Math.max(last, feature.properties.position ?? 0);
  }
  return Math.floor(last) + 1;
}
