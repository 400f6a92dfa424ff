// Which toggleable layer a feature is drawn on. Words are their own layer (they are not features).

import { FIXTURE_SUB_CLASSES, type FeatureProperties, type FeatureSubClass } from '../../core/src/types.ts';
import type { LayerName } from '../../sdk/src/protocol.ts';

export type FeatureLayerName = Exclude<LayerName, 'words'>;

const FIXTURES: ReadonlySet<FeatureSubClass> = new Set<FeatureSubClass>(FIXTURE_SUB_CLASSES);

export const LAYER_LABELS: Record<LayerName, string> = {
  rooms: 'Rooms',
  walls: 'Walls',
  openings: 'Doors and windows',
  fixtures: 'Fixtures',
  wall_surfaces: 'Wall surfaces',
  other: 'Other',
  words: 'Words',
};

export function layerOf(properties: FeatureProperties): FeatureLayerName {
  if (properties.class === 'opening') return 'openings';
  if (properties.sub_class != null && FIXTURES.has(properties.sub_class)) return 'fixtures';
  if (properties.kind === 'object') return 'fixtures';
  switch (properties.class) {
    case 'room':
      return 'rooms';
    case 'wall':
    case 'wall_centerline':
      return 'walls';
    case 'wall_surface':
    case 'wall_surface_with_opening':
      return 'wall_surfaces';
    default:
      return 'other';
  }
}
