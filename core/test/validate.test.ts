import { describe, expect, it } from 'vitest';
import { CLASS_COLORS, SUB_CLASS_COLORS, colorFor } from '../src/colors.ts';
import { validateFeatureCollection, type ValidationIssue } from '../src/validate.ts';
import { FEATURE_CLASSES, FEATURE_SUB_CLASSES, type BlueprintFeatureCollection, type Position } from '../src/types.ts';

type Json = Record<string, any>;

function square(x: number, y: number, size: number): Position[] {
  return [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ];
}

/** A small valid sheet: a named root folder, a room, a wall, a door and a loose text label. */
function sheet(): Json {
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', id: 'root', geometry: null, properties: { id: 'root', kind: 'folder', class: 'other', name: 'Level 1', parent_id: null } },
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [square(0, 0, 100)] },
        properties: { id: 'room-1', kind: 'area', class: 'room', parent_id: 'root', relations: ['wall-1'], color: { r: 66, g: 133, b: 244, a: 90 } },
      },
      {
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: [[0, 0], [100, 0]] },
        properties: { id: 'wall-1', kind: 'line', class: 'wall_centerline', parent_id: 'root', height_units: 450 },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [50, 0] },
        properties: {
          id: 'door-1',
          kind: 'object',
          class: 'opening',
          sub_class: 'single swing door',
          parent_id: 'root',
          opening_width_units: 112.5,
          position: 0.5,
          relations: ['wall-1', 'wall-1', 'door-1'],
        },
      },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [50, 50] }, properties: { id: 'label-1', kind: 'text', class: 'other' } },
    ],
  };
}

function issuesOf(input: unknown): ValidationIssue[] {
  const result = validateFeatureCollection(input);
  if (result.ok) throw new Error('expected validation to fail');
  return result.issues;
}

function locsAndTypes(input: unknown) {
  return issuesOf(input).map(({ loc, type }) => ({ loc, type }));
}

function validValue(input: unknown): BlueprintFeatureCollection {
  const result = validateFeatureCollection(input);
  if (!result.ok) throw new Error(`expected a valid collection, got ${JSON.stringify(result.issues)}`);
  return result.value;
}

function byId(collection: BlueprintFeatureCollection, id: string) {
  return collection.features.find((feature) => feature.properties.id === id)!;
}

describe('collection and feature structure', () => {
  it('accepts the sample sheet', () => {
    expect(validateFeatureCollection(sheet()).ok).toBe(true);
  });

  it('rejects a non-object input at the root', () => {
    expect(locsAndTypes([1, 2])).toEqual([{ loc: [], type: 'dict_type' }]);
    expect(locsAndTypes(null)).toEqual([{ loc: [], type: 'dict_type' }]);
  });

  it('requires type FeatureCollection', () => {
    const missing = sheet();
    delete missing.type;
    expect(locsAndTypes(missing)).toEqual([{ loc: ['type'], type: 'missing' }]);
    expect(locsAndTypes({ ...sheet(), type: 'Feature' })).toEqual([{ loc: ['type'], type: 'literal_error' }]);
  });

  it('treats absent features as an empty list and rejects a non-list', () => {
    expect(validValue({ type: 'FeatureCollection' }).features).toEqual([]);
    expect(locsAndTypes({ type: 'FeatureCollection', features: {} })).toEqual([{ loc: ['features'], type: 'list_type' }]);
  });

  it('requires each feature to be an object of type Feature (or no type)', () => {
    const input = sheet();
    input.features[4] = 'label';
    input.features[3].type = 'Point';
    delete input.features[2].type;
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 3, 'type'], type: 'literal_error' },
      { loc: ['features', 4], type: 'dict_type' },
    ]);
  });

  it('requires properties', () => {
    const input = sheet();
    delete input.features[4].properties;
    input.features[1].properties = null;
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 1, 'properties'], type: 'dict_type' },
      { loc: ['features', 4, 'properties'], type: 'missing' },
    ]);
  });

  it('requires a non-empty string id', () => {
    const input = sheet();
    input.features[4].properties.id = '';
    input.features.push(
      { geometry: { type: 'Point', coordinates: [1, 1] }, properties: { kind: 'text', class: 'other' } },
      { geometry: { type: 'Point', coordinates: [2, 2] }, properties: { id: 7, kind: 'text', class: 'other' } },
    );
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 4, 'properties', 'id'], type: 'string_too_short' },
      { loc: ['features', 5, 'properties', 'id'], type: 'missing' },
      { loc: ['features', 6, 'properties', 'id'], type: 'string_type' },
    ]);
  });

  it('checks kind, class and sub_class against their enums', () => {
    const input = sheet();
    input.features[1].properties.kind = 'room';
    delete input.features[2].properties.class;
    input.features[3].properties.sub_class = 'revolving door';
    input.features[4].properties.sub_class = null;
    const issues = issuesOf(input);
    expect(issues.map(({ loc, type }) => ({ loc, type }))).toEqual([
      { loc: ['features', 1, 'properties', 'kind'], type: 'enum' },
      { loc: ['features', 2, 'properties', 'class'], type: 'missing' },
      { loc: ['features', 3, 'properties', 'sub_class'], type: 'enum' },
    ]);
    expect(issues[0].msg).toBe("Input should be 'area', 'line', 'object', 'text' or 'folder'");
  });

  it('requires feature.id, when present, to equal properties.id', () => {
    const input = sheet();
    input.features[1].id = 'room-2';
    input.features[2].id = null;
    expect(locsAndTypes(input)).toEqual([{ loc: ['features', 1, 'id'], type: 'id_mismatch' }]);
  });

  it('checks the types of the other known properties', () => {
    const input = sheet();
    Object.assign(input.features[4].properties, { name: 12, tag: false, visible: 'yes', is_user_drawn: 1 });
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 4, 'properties', 'name'], type: 'string_type' },
      { loc: ['features', 4, 'properties', 'tag'], type: 'string_type' },
      { loc: ['features', 4, 'properties', 'visible'], type: 'bool_type' },
      { loc: ['features', 4, 'properties', 'is_user_drawn'], type: 'bool_type' },
    ]);
  });
});

describe('geometry', () => {
  function withGeometry(index: number, geometry: unknown) {
    const input = sheet();
    input.features[index].geometry = geometry;
    return input;
  }

  it.each([
    ['a NaN coordinate', 1, { type: 'Polygon', coordinates: [[[0, 0], [1, Number.NaN], [1, 1], [0, 0]]] }, ['coordinates', 0, 1]],
    ['a string coordinate', 4, { type: 'Point', coordinates: ['1', 2] }, ['coordinates']],
    ['a 4-number position', 4, { type: 'Point', coordinates: [1, 2, 3, 4] }, ['coordinates']],
    ['an unclosed ring', 1, { type: 'Polygon', coordinates: [[[0, 0], [9, 0], [9, 9], [0, 9]]] }, ['coordinates', 0]],
    ['a 3-position ring', 1, { type: 'Polygon', coordinates: [[[0, 0], [9, 0], [0, 0]]] }, ['coordinates', 0]],
    ['a polygon without rings', 1, { type: 'Polygon', coordinates: [] }, ['coordinates']],
    ['a bad hole in a MultiPolygon', 1, { type: 'MultiPolygon', coordinates: [[square(0, 0, 9), [[1, 1], [2, 2]]]] }, ['coordinates', 0, 1]],
    ['a 1-position LineString', 2, { type: 'LineString', coordinates: [[0, 0]] }, ['coordinates']],
    ['a short line in a MultiLineString', 2, { type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[5, 5]]] }, ['coordinates', 1]],
    ['missing coordinates', 2, { type: 'LineString' }, ['coordinates']],
    ['an unknown type', 4, { type: 'Circle', coordinates: [0, 0], radius: 5 }, ['type']],
    ['a non-object', 4, 'POINT (1 2)', []],
  ])('reports %s as invalid_geometry at its exact loc', (_label, index, geometry, within) => {
    expect(locsAndTypes(withGeometry(index, geometry))).toEqual([
      { loc: ['features', index, 'geometry', ...within], type: 'invalid_geometry' },
    ]);
  });

  it('reports every bad position, not just the first', () => {
    const input = withGeometry(2, { type: 'LineString', coordinates: [[0, null], [1, 1], [Infinity, 2]] });
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 2, 'geometry', 'coordinates', 0], type: 'invalid_geometry' },
      { loc: ['features', 2, 'geometry', 'coordinates', 2], type: 'invalid_geometry' },
    ]);
  });

  it('accepts 3D positions and keeps them as given', () => {
    const value = validValue(withGeometry(2, { type: 'LineString', coordinates: [[0, 0, 3], [100, 0, 3]] }));
    expect(byId(value, 'wall-1').geometry).toEqual({ type: 'LineString', coordinates: [[0, 0, 3], [100, 0, 3]] });
  });

  const polygon = { type: 'Polygon', coordinates: [square(0, 0, 10)] };
  const multiPolygon = { type: 'MultiPolygon', coordinates: [[square(0, 0, 10)]] };
  const line = { type: 'LineString', coordinates: [[0, 0], [1, 1]] };
  const multiLine = { type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]]] };
  const point = { type: 'Point', coordinates: [1, 1] };
  const multiPoint = { type: 'MultiPoint', coordinates: [[1, 1]] };
  const collection = { type: 'GeometryCollection', geometries: [point] };

  it.each([
    ['area', [polygon, multiPolygon], [line, multiLine, point, multiPoint, collection, null]],
    ['line', [line, multiLine], [polygon, multiPolygon, point, collection, null]],
    ['object', [point, polygon], [line, multiPolygon, multiPoint, null]],
    ['text', [point, polygon], [line, multiLine, multiPolygon, null]],
    ['folder', [null], [point, polygon, line]],
  ])('matches kind %s with its geometry types', (kind, allowed, refused) => {
    const withKind = (geometry: unknown) => {
      const input = withGeometry(4, geometry);
      // As a child of the root, a folder here is not a second root.
      Object.assign(input.features[4].properties, { kind, parent_id: 'root' });
      return input;
    };
    for (const geometry of allowed) expect(validateFeatureCollection(withKind(geometry)).ok).toBe(true);
    for (const geometry of refused) {
      expect(locsAndTypes(withKind(geometry))).toEqual([{ loc: ['features', 4, 'geometry'], type: 'geometry_kind_mismatch' }]);
    }
  });

  it('explains a mismatch in its message', () => {
    const [issue] = issuesOf(withGeometry(1, line));
    expect(issue.msg).toBe("Kind 'area' needs Polygon or MultiPolygon geometry, got LineString");
  });
});

describe('hierarchy', () => {
  it('reports a duplicate id at its second and later occurrences', () => {
    const input = sheet();
    input.features[4].properties.id = 'room-1';
    input.features.push({ ...structuredClone(input.features[1]) });
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 4, 'properties', 'id'], type: 'duplicate_id' },
      { loc: ['features', 5, 'properties', 'id'], type: 'duplicate_id' },
    ]);
  });

  it('reports a parent_id naming no feature', () => {
    const input = sheet();
    input.features[3].properties.parent_id = 'level-9';
    expect(locsAndTypes(input)).toEqual([{ loc: ['features', 3, 'properties', 'parent_id'], type: 'parent_not_found' }]);
  });

  it('reports each cycle once, at its first member, and not at features hanging off it', () => {
    const input = sheet();
    input.features.push(
      { geometry: null, properties: { id: 'tail', kind: 'folder', class: 'other', parent_id: 'a' } },
      { geometry: null, properties: { id: 'a', kind: 'folder', class: 'other', parent_id: 'b' } },
      { geometry: null, properties: { id: 'b', kind: 'folder', class: 'other', parent_id: 'c' } },
      { geometry: null, properties: { id: 'c', kind: 'folder', class: 'other', parent_id: 'a' } },
    );
    input.features[2].properties.parent_id = 'wall-1';
    const issues = issuesOf(input);
    expect(issues.map(({ loc, type }) => ({ loc, type }))).toEqual([
      { loc: ['features', 2, 'properties', 'parent_id'], type: 'hierarchy_cycle' },
      { loc: ['features', 6, 'properties', 'parent_id'], type: 'hierarchy_cycle' },
    ]);
    expect(issues[1].msg).toBe("The parent_id chain loops: 'a' → 'b' → 'c' → 'a'");
  });

  it('allows one root folder and reports each extra one; loose non-folders are fine', () => {
    const input = sheet();
    input.features.push(
      { geometry: null, properties: { id: 'level-2', kind: 'folder', class: 'other' } },
      { geometry: null, properties: { id: 'level-3', kind: 'folder', class: 'other', parent_id: null } },
      { geometry: null, properties: { id: 'sub', kind: 'folder', class: 'other', parent_id: 'root' } },
    );
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 5, 'properties', 'parent_id'], type: 'multiple_roots' },
      { loc: ['features', 6, 'properties', 'parent_id'], type: 'multiple_roots' },
    ]);
  });
});

describe('property values', () => {
  it('checks colour channels are integers in 0..255', () => {
    const input = sheet();
    input.features[1].properties.color = { r: 256, g: -1, b: 1.5, alpha: 9 };
    input.features[3].properties.color = { r: '255', g: 0, b: 0, a: 255 };
    input.features[4].properties.color = 'red';
    input.features[2].properties.color = null;
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 1, 'properties', 'color', 'r'], type: 'less_than_equal' },
      { loc: ['features', 1, 'properties', 'color', 'g'], type: 'greater_than_equal' },
      { loc: ['features', 1, 'properties', 'color', 'b'], type: 'int_type' },
      { loc: ['features', 1, 'properties', 'color', 'a'], type: 'missing' },
      { loc: ['features', 3, 'properties', 'color', 'r'], type: 'int_type' },
      { loc: ['features', 4, 'properties', 'color'], type: 'dict_type' },
    ]);
  });

  it('checks position is a finite number and widths/heights finite and non-negative', () => {
    const input = sheet();
    input.features[3].properties.position = 'middle';
    input.features[1].properties.position = Number.POSITIVE_INFINITY;
    input.features[3].properties.opening_width_units = -3;
    input.features[2].properties.height_units = Number.NaN;
    input.features[4].properties.opening_width_units = null;
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 1, 'properties', 'position'], type: 'finite_number' },
      { loc: ['features', 2, 'properties', 'height_units'], type: 'finite_number' },
      { loc: ['features', 3, 'properties', 'position'], type: 'float_type' },
      { loc: ['features', 3, 'properties', 'opening_width_units'], type: 'greater_than_equal' },
    ]);
  });

  it('checks relations are a list of existing feature ids', () => {
    const input = sheet();
    input.features[1].properties.relations = 'wall-1';
    input.features[3].properties.relations = ['wall-1', 'ghost', 5];
    expect(locsAndTypes(input)).toEqual([
      { loc: ['features', 1, 'properties', 'relations'], type: 'list_type' },
      { loc: ['features', 3, 'properties', 'relations', 2], type: 'string_type' },
      { loc: ['features', 3, 'properties', 'relations', 1], type: 'relation_not_found' },
    ]);
  });

  it('reports every issue of a badly broken collection, grouped by feature', () => {
    const input = sheet();
    input.type = 'FeatureCollection ';
    input.features[1].properties.kind = 'zone';
    input.features[1].geometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 1]]] };
    input.features[4].properties.parent_id = 'nowhere';
    input.features[4].properties.color = { r: 0, g: 0, b: 0, a: 300 };
    expect(locsAndTypes(input)).toEqual([
      { loc: ['type'], type: 'literal_error' },
      { loc: ['features', 1, 'properties', 'kind'], type: 'enum' },
      { loc: ['features', 1, 'geometry', 'coordinates', 0], type: 'invalid_geometry' },
      { loc: ['features', 4, 'properties', 'color', 'a'], type: 'less_than_equal' },
      { loc: ['features', 4, 'properties', 'parent_id'], type: 'parent_not_found' },
    ]);
  });
});

describe('normalisation', () => {
  it('sets feature type and id from properties.id and defaults a missing geometry to null', () => {
    const input = sheet();
    delete input.features[0].geometry;
    delete input.features[4].type;
    const value = validValue(input);
    expect(value.features.map((feature) => [feature.type, feature.id])).toEqual([
      ['Feature', 'root'],
      ['Feature', 'room-1'],
      ['Feature', 'wall-1'],
      ['Feature', 'door-1'],
      ['Feature', 'label-1'],
    ]);
    expect(value.features[0].geometry).toBeNull();
  });

  it('makes relations symmetric, deduplicated, without self-references and sorted', () => {
    const value = validValue(sheet());
    expect(byId(value, 'wall-1').properties.relations).toEqual(['door-1', 'room-1']);
    expect(byId(value, 'door-1').properties.relations).toEqual(['wall-1']);
    expect(byId(value, 'room-1').properties.relations).toEqual(['wall-1']);
    expect(byId(value, 'label-1').properties.relations).toEqual([]);
  });

  it("sets folder to the parent's name, null without a parent or a parent name", () => {
    const input = sheet();
    input.features[4].properties.folder = 'Stale folder name';
    input.features.push(
      { geometry: null, properties: { id: 'unnamed', kind: 'folder', class: 'other', parent_id: 'root' } },
      { geometry: { type: 'Point', coordinates: [1, 1] }, properties: { id: 'sink-1', kind: 'object', class: 'other', sub_class: 'sink', parent_id: 'unnamed' } },
    );
    const value = validValue(input);
    expect(value.features.map((feature) => [feature.id, feature.properties.folder])).toEqual([
      ['root', null],
      ['room-1', 'Level 1'],
      ['wall-1', 'Level 1'],
      ['door-1', 'Level 1'],
      ['label-1', null],
      ['unnamed', 'Level 1'],
      ['sink-1', null],
    ]);
  });

  it('preserves unknown properties, height_units and measurements as given', () => {
    const input = sheet();
    const stale = { area_m2: 1, perimeter_m: 2, length_m: null, opening_width_m: null };
    Object.assign(input.features[1].properties, { measurements: stale, vendor: { layer: 'A-AREA' } });
    const value = validValue(input);
    expect(byId(value, 'room-1').properties.measurements).toEqual(stale);
    expect(byId(value, 'room-1').properties.vendor).toEqual({ layer: 'A-AREA' });
    expect(byId(value, 'wall-1').properties.height_units).toBe(450);
  });

  it('does not modify its input', () => {
    const input = sheet();
    delete input.features[4].type;
    const before = structuredClone(input);
    validValue(input);
    expect(input).toEqual(before);
  });
});

describe('default colours', () => {
  it('are valid colours for every class and sub-class', () => {
    const features = FEATURE_CLASSES.flatMap((cls) =>
      [null, ...FEATURE_SUB_CLASSES].map((subClass, index) => ({
        geometry: { type: 'Point', coordinates: [index, 0] },
        properties: { id: `${cls}-${index}`, kind: 'object', class: cls, sub_class: subClass, color: colorFor(cls, subClass) },
      })),
    );
    expect(validateFeatureCollection({ type: 'FeatureCollection', features }).ok).toBe(true);
  });

  it('distinguish the classes, keep rooms translucent and walls dark, and prefer the sub-class', () => {
    const keys = Object.values(CLASS_COLORS).map(({ r, g, b, a }) => `${r},${g},${b},${a}`);
    expect(new Set(keys).size).toBe(FEATURE_CLASSES.length);
    expect(CLASS_COLORS.room.a).toBeGreaterThanOrEqual(60);
    expect(CLASS_COLORS.room.a).toBeLessThanOrEqual(120);
    expect(Math.max(CLASS_COLORS.wall.r, CLASS_COLORS.wall.g, CLASS_COLORS.wall.b)).toBeLessThan(80);
    expect(CLASS_COLORS.wall.a).toBe(255);
    expect(colorFor('opening', 'sliding door')).toEqual(SUB_CLASS_COLORS['sliding door']);
    expect(colorFor('opening', 'single swing door')).toEqual(CLASS_COLORS.opening);
  });

  it('hands out copies that do not alter the defaults', () => {
    const color = colorFor('room');
    color.a = 255;
    expect(CLASS_COLORS.room.a).not.toBe(255);
  });
});

describe('performance', () => {
  it('validates and normalises 5,000 features well under 100 ms', () => {
    const features: Json[] = [{ geometry: null, properties: { id: 'root', kind: 'folder', class: 'other', name: 'Sheet' } }];
    for (let f = 0; f < 50; f++) {
      features.push({ geometry: null, properties: { id: `folder-${f}`, kind: 'folder', class: 'other', name: `Zone ${f}`, parent_id: 'root' } });
    }
    while (features.length < 5_000) {
      const n = features.length;
      features.push({
        geometry: { type: 'Polygon', coordinates: [square(n, n, 20)] },
        properties: {
          id: `room-${n}`,
          kind: 'area',
          class: 'room',
          parent_id: `folder-${n % 50}`,
          color: { r: 66, g: 133, b: 244, a: 90 },
          relations: n > 60 ? [`room-${n - 1}`] : [],
        },
      });
    }
    const input = { type: 'FeatureCollection', features };
    // Best of five: the machine is shared, and the first call also pays for JIT compilation.
    let fastest = Number.POSITIVE_INFINITY;
    let value: BlueprintFeatureCollection | undefined;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      value = validValue(input);
      fastest = Math.min(fastest, performance.now() - started);
    }
    value = value!;
    expect(value.features).toHaveLength(5_000);
    expect(byId(value, 'room-100').properties.relations).toEqual(['room-101', 'room-99']);
    expect(byId(value, 'room-100').properties.folder).toBe('Zone 0');
    expect(fastest).toBeLessThan(100);
  });

  it('reports a 5,000-long folder cycle once, with a shortened chain', () => {
    const features = Array.from({ length: 5_000 }, (_, i) => ({
      geometry: null,
      properties: { id: `f${i}`, kind: 'folder', class: 'other', parent_id: `f${(i + 1) % 5_000}` },
    }));
    const issues = issuesOf({ type: 'FeatureCollection', features });
    expect(issues.map(({ loc, type }) => ({ loc, type }))).toEqual([{ loc: ['features', 0, 'properties', 'parent_id'], type: 'hierarchy_cycle' }]);
    expect(issues[0].msg).toMatch(/^The parent_id chain loops: 'f0' → 'f1' → .* → …$/);
  });
});
