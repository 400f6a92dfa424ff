// From detections to the blueprint's feature collection: the folder hierarchy, one feature per
// detected room, wall, wall centerline, opening, fixture and footprint, and what is derived from
// them here: wall surfaces (each room's boundary along its walls, cut at every opening), wet rooms
// and wet walls, the symmetric relations between all of these, and which room or wall each word is
// printed in. Measurements are not computed here: the job measures the finished collection.
import Flatbush from 'flatbush';
import { colorFor } from '../../../../core/src/colors.ts';
import type {
  BlueprintFeature,
  BlueprintFeatureCollection,
  BlueprintWord,
  FeatureClass,
  FeatureKind,
  FeatureSubClass,
  Geometry,
  Position,
} from '../../../../core/src/types.ts';
import type { BBox, SheetInfo, SheetWord } from '../types.ts';
import { boxesOverlap, distanceToRing, distanceToSegment, pointInPolygon, ringBBox } from './geom-basics.ts';
import { intersectionOf, multiPolygonArea } from './geom-clip.ts';
import type { FixtureSubClass, OpeningDetection, PolygonRings, RoomDetection, SheetDetections, WallDetection } from './model.ts';

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

// ---------------------------------------------------------------------------------------------
// Planar helpers

/** Distance from `point` to a polygon: 0 inside it, else to its nearest boundary. */
function distanceToPolygon(point: Position, rings: readonly (readonly Position[])[]): number {
  if (pointInPolygon(point, rings)) return 0;
  return Math.min(...rings.map((ring) => distanceToRing(point, ring)));
}

/** Bounding box of a polygon: its outer ring's, the holes lie inside. */
function polygonBBox(rings: PolygonRings): BBox {
  return ringBBox(rings[0]);
}

/** Area common to two polygons, in square units (0 when they only touch). */
export function overlapArea(a: PolygonRings, b: PolygonRings): number {
  if (!boxesOverlap(polygonBBox(a), polygonBBox(b))) return 0;
  return multiPolygonArea(intersectionOf([a], [b]));
}

function ringCentre(ring: readonly Position[]): Position {
  // The closing position repeats the first; counting it twice would pull the centre toward it.
  const open = ring.length > 1 && samePosition(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
  let x = 0;
  let y = 0;
  for (const [px, py] of open) {
    x += px;
    y += py;
  }
  return [x / open.length, y / open.length];
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function finitePosition(p: Position): boolean {
  return Number.isFinite(p[0]) && Number.isFinite(p[1]);
}

/** A ring the GeoJSON validator accepts (closed, ≥ 4 positions, finite), or null when it cannot be one. */
function closedRing(ring: readonly Position[]): Position[] | null {
  const distinct: Position[] = [];
  for (const p of ring) {
    if (!finitePosition(p)) return null;
    if (distinct.length === 0 || !samePosition(distinct[distinct.length - 1], p)) distinct.push([p[0], p[1]]);
  }
  while (distinct.length > 1 && samePosition(distinct[0], distinct[distinct.length - 1])) distinct.pop();
  if (distinct.length < 3) return null;
  return [...distinct, [distinct[0][0], distinct[0][1]]];
}

function polygonGeometry(rings: PolygonRings): Geometry | null {
  if (rings.length === 0) return null;
  const outer = closedRing(rings[0]);
  if (outer === null) return null;
  const holes = rings.slice(1).map(closedRing).filter((ring): ring is Position[] => ring !== null);
  return { type: 'Polygon', coordinates: [outer, ...holes] };
}

function lineGeometry(positions: readonly Position[]): Geometry | null {
  const distinct: Position[] = [];
  for (const p of positions) {
    if (!finitePosition(p)) return null;
    if (distinct.length === 0 || !samePosition(distinct[distinct.length - 1], p)) distinct.push([p[0], p[1]]);
  }
  return distinct.length >= 2 ? { type: 'LineString', coordinates: distinct } : null;
}

// ---------------------------------------------------------------------------------------------
// Wall surfaces: each room ring walked edge by edge and cut where the wall or opening along it changes

const WET_FIXTURES: ReadonlySet<FixtureSubClass> = new Set(['toilet', 'shower', 'bathtub', 'sink']);

/** What a stretch of a room's boundary runs along. */
type Owner = { kind: 'wall'; index: number } | { kind: 'opening'; index: number } | null;

interface SurfacePiece {
  owner: Exclude<Owner, null>;
  line: Position[];
}

/** Room boundaries sit on wall faces; this much slack (units) absorbs stroke widths and snapping. */
const MIN_FACE_SLACK = 3;
/** An opening piece shorter than this share of the opening's width is a corner graze, not a crossing. */
const MIN_OPENING_SHARE = 0.3;
/** Sub-intervals shorter than this (units) carry no surface. */
const MIN_PIECE = 0.01;

function sameOwner(a: Owner, b: Owner): boolean {
  return a === b || (a !== null && b !== null && a.kind === b.kind && a.index === b.index);
}

/** Unit vector along the edge of a ring nearest a point. */
function nearestEdgeDirection(ring: readonly Position[], point: Position): Position | null {
  let best: Position | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i + 1 < ring.length; i++) {
    const length = Math.hypot(ring[i + 1][0] - ring[i][0], ring[i + 1][1] - ring[i][1]);
    if (length === 0) continue;
    const d = distanceToSegment(point, ring[i], ring[i + 1]);
    if (d < bestDistance) {
      bestDistance = d;
      best = [(ring[i + 1][0] - ring[i][0]) / length, (ring[i + 1][1] - ring[i][1]) / length];
    }
  }
  return best;
}

/**
 * Unit vector along the wall an opening cuts: its quad's side closest in length to its width. An
 * opening in a curved wall (an annular sector, not a quad) runs along its nearest face instead,
 * which turns along the curve: null here, worked out per point.
 */
function openingDirection(opening: OpeningDetection): Position | null {
  const ring = closedRing(opening.polygon);
  if (ring === null || ring.length > 5) return null;
  let best: Position | null = null;
  let bestMismatch = Infinity;
  for (let i = 0; i + 1 < ring.length; i++) {
    const dx = ring[i + 1][0] - ring[i][0];
    const dy = ring[i + 1][1] - ring[i][1];
    const length = Math.hypot(dx, dy);
    if (length === 0) continue;
    const mismatch = Math.abs(length - opening.widthUnits);
    if (mismatch < bestMismatch) {
      bestMismatch = mismatch;
      best = [dx / length, dy / length];
    }
  }
  return best;
}

class SurfaceTracer {
  private readonly index: Flatbush | null;
  /** Candidate polygons, walls first, then openings; the arrays below describe entry i. */
  private readonly polygons: PolygonRings[] = [];
  private readonly owners: Exclude<Owner, null>[] = [];
  private readonly slack: number[] = [];
  private readonly directions: (Position | null)[] = [];
  private readonly openingWidths: number[];

  constructor(walls: WallDetection[], openings: OpeningDetection[], wallIndexById: Map<string, number>) {
    this.openingWidths = openings.map((opening) => (Number.isFinite(opening.widthUnits) ? opening.widthUnits : 0));
    walls.forEach((wall, index) => {
      this.polygons.push(wall.polygon);
      this.owners.push({ kind: 'wall', index });
      this.slack.push(Math.max(MIN_FACE_SLACK, wall.thickness / 2));
      this.directions.push(null);
    });
    openings.forEach((opening, index) => {
      const thickness = Math.max(0, ...opening.wallIds.map((id) => walls[wallIndexById.get(id) ?? -1]?.thickness ?? 0));
      this.polygons.push([opening.polygon]);
      this.owners.push({ kind: 'opening', index });
      this.slack.push(Math.max(MIN_FACE_SLACK, thickness / 2));
      this.directions.push(openingDirection(opening));
    });
    if (this.polygons.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(this.polygons.length);
    this.polygons.forEach((rings, i) => {
      const [x0, y0, x1, y1] = polygonBBox(rings);
      const s = this.slack[i];
      this.index!.add(x0 - s, y0 - s, x1 + s, y1 + s);
    });
    this.index.finish();
  }

  /** The room's boundary as pieces along one wall or across one opening each (unowned stretches dropped). */
  trace(room: RoomDetection): SurfacePiece[] {
    const pieces: SurfacePiece[] = [];
    for (const rawRing of room.floor) {
      const ring = closedRing(rawRing);
      if (ring !== null) pieces.push(...this.traceRing(ring));
    }
    return pieces;
  }

  private traceRing(ring: Position[]): SurfacePiece[] {
    const runs: { owner: Owner; line: Position[] }[] = [];
    for (let i = 0; i + 1 < ring.length; i++) {
      for (const { owner, from, to } of this.splitEdge(ring[i], ring[i + 1])) {
        const last = runs[runs.length - 1];
        if (last && sameOwner(last.owner, owner)) last.line.push(to);
        else runs.push({ owner, line: [from, to] });
      }
    }
    // The ring's start is arbitrary: a run crossing it is one run.
    if (runs.length > 1 && sameOwner(runs[0].owner, runs[runs.length - 1].owner)) {
      const last = runs.pop()!;
      runs[0].line = [...last.line, ...runs[0].line.slice(1)];
    }
    return runs.filter((run): run is SurfacePiece => run.owner !== null && this.substantial(run as SurfacePiece));
  }

  private substantial(piece: SurfacePiece): boolean {
    let length = 0;
    for (let i = 1; i < piece.line.length; i++) length += Math.hypot(piece.line[i][0] - piece.line[i - 1][0], piece.line[i][1] - piece.line[i - 1][1]);
    return length >= (piece.owner.kind === 'opening' ? MIN_OPENING_SHARE * this.openingWidths[piece.owner.index] : MIN_PIECE);
  }

  /** One edge cut into stretches of constant owner. */
  private splitEdge(a: Position, b: Position): { owner: Owner; from: Position; to: Position }[] {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length = Math.hypot(dx, dy);
    if (length === 0) return [];
    const ux = dx / length;
    const uy = dy / length;
    const candidates = this.index === null ? [] : this.index.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
    // Where the nearest wall or opening can change: at the projections of their corners.
    const cuts = [0, length];
    for (const entry of candidates) {
      for (const ring of this.polygons[entry]) {
        for (const [x, y] of ring) {
          const t = (x - a[0]) * ux + (y - a[1]) * uy;
          if (t > 0 && t < length) cuts.push(t);
        }
      }
    }
    cuts.sort((p, q) => p - q);
    const at = (t: number): Position => [a[0] + ux * t, a[1] + uy * t];
    const stretches: { owner: Owner; from: Position; to: Position }[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      if (cuts[i + 1] - cuts[i] < MIN_PIECE) continue;
      const owner = this.ownerAt(at((cuts[i] + cuts[i + 1]) / 2), [ux, uy], candidates);
      const last = stretches[stretches.length - 1];
      if (last && sameOwner(last.owner, owner)) last.to = at(cuts[i + 1]);
      else stretches.push({ owner, from: at(cuts[i]), to: at(cuts[i + 1]) });
    }
    return stretches;
  }

  /** An opening the point lies across (running along its wall) wins; otherwise the nearest wall within slack. */
  private ownerAt(point: Position, [ux, uy]: Position, candidates: number[]): Owner {
    let wall: Owner = null;
    let wallDistance = Infinity;
    for (const entry of candidates) {
      const distance = distanceToPolygon(point, this.polygons[entry]);
      if (distance > this.slack[entry]) continue;
      const owner = this.owners[entry];
      if (owner.kind === 'opening') {
        const direction = this.directions[entry] ?? nearestEdgeDirection(this.polygons[entry][0], point);
        if (direction !== null && Math.abs(direction[0] * ux + direction[1] * uy) >= 0.9) return owner;
      } else if (distance < wallDistance) {
        wall = owner;
        wallDistance = distance;
      }
    }
    return wall;
  }
}

// ---------------------------------------------------------------------------------------------
// The collection

const FOLDERS = [
  { key: 'rooms', name: 'Rooms' },
  { key: 'walls', name: 'Walls' },
  { key: 'centerlines', name: 'Wall centerlines' },
  { key: 'openings', name: 'Openings' },
  { key: 'fixtures', name: 'Fixtures' },
  { key: 'surfaces', name: 'Wall surfaces' },
  { key: 'footprint', name: 'Footprint' },
] as const;
type FolderKey = (typeof FOLDERS)[number]['key'];

export const ROOT_FOLDER_NAME = 'Sheet';

export interface FeatureCollectionInput {
  detections: SheetDetections;
  words: SheetWord[];
  info: SheetInfo;
}

export interface FeatureCollectionOutput {
  geojson: BlueprintFeatureCollection;
  words: BlueprintWord[];
}

interface Draft {
  id: string;
  kind: FeatureKind;
  cls: FeatureClass;
  subClass: FeatureSubClass | null;
  name: string | null;
  folder: FolderKey;
  geometry: Geometry;
  openingWidthUnits?: number;
}

/** Undirected edges between feature ids. */
class RelationGraph {
  private readonly edges = new Map<string, Set<string>>();

  link(a: string, b: string): void {
    if (a === b) return;
    this.neighbours(a).add(b);
    this.neighbours(b).add(a);
  }

  sorted(id: string): string[] {
    return [...(this.edges.get(id) ?? [])].sort();
  }

  private neighbours(id: string): Set<string> {
    let set = this.edges.get(id);
    if (!set) this.edges.set(id, (set = new Set()));
    return set;
  }
}

function folderId(key: FolderKey): string {
  return `folder-${key}`;
}

/** The room each fixture stands in: the one its outline overlaps most, or null. */
function fixtureRooms(fixtures: (PolygonRings | null)[], rooms: (PolygonRings | null)[]): (number | null)[] {
  const present = rooms.flatMap((rings, i) => (rings === null ? [] : [i]));
  if (present.length === 0) return fixtures.map(() => null);
  const index = new Flatbush(present.length);
  for (const i of present) index.add(...polygonBBox(rooms[i]!));
  index.finish();
  return fixtures.map((fixture) => {
    if (fixture === null) return null;
    let best: number | null = null;
    let bestArea = 0;
    for (const hit of index.search(...polygonBBox(fixture)).sort((a, b) => a - b)) {
      const area = overlapArea(fixture, rooms[present[hit]]!);
      if (area > bestArea) {
        bestArea = area;
        best = present[hit];
      }
    }
    return best;
  });
}

/** For each word, the index of the first polygon its centre lies in, or null; null polygons are skipped. */
function containingPolygon(words: SheetWord[], polygons: (PolygonRings | null)[]): (number | null)[] {
  const present = polygons.flatMap((rings, i) => (rings === null || rings.length === 0 ? [] : [i]));
  if (present.length === 0) return words.map(() => null);
  const index = new Flatbush(present.length);
  for (const i of present) index.add(...polygonBBox(polygons[i]!));
  index.finish();
  return words.map((word) => {
    if (!word.geometry) return null;
    const centre = ringCentre(word.geometry.coordinates[0]);
    const hits = index.search(centre[0], centre[1], centre[0], centre[1]).map((hit) => present[hit]).sort((a, b) => a - b);
    return hits.find((i) => pointInPolygon(centre, polygons[i]!)) ?? null;
  });
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function polygonRingsOf(geometry: Geometry | null): PolygonRings | null {
  return geometry?.type === 'Polygon' ? geometry.coordinates : null;
}

export function buildFeatureCollection({ detections, words }: FeatureCollectionInput): FeatureCollectionOutput {
  const { walls, openings, rooms, fixtures, footprints } = detections;
  const relations = new RelationGraph();
  const drafts: Draft[] = [];

  const wallIds = walls.map((_, i) => `wall-${i + 1}`);
  const centerlineIds = walls.map((_, i) => `centerline-${i + 1}`);
  const openingIds = openings.map((_, i) => `opening-${i + 1}`);
  const roomIds = rooms.map((_, i) => `room-${i + 1}`);
  const fixtureIds = fixtures.map((_, i) => `fixture-${i + 1}`);
  const wallIndexById = new Map(walls.map((wall, i) => [wall.id, i]));
  const openingIndexById = new Map(openings.map((opening, i) => [opening.id, i]));

  // Detections whose geometry cannot be valid GeoJSON get no feature, and so no relations.
  const wallGeometries = walls.map((wall) => polygonGeometry(wall.polygon));
  const centerlineGeometries = walls.map((wall, i) => (wallGeometries[i] === null ? null : lineGeometry(wall.centerline)));
  const openingGeometries = openings.map((opening) => polygonGeometry([opening.polygon]));
  const roomGeometries = rooms.map((room) => polygonGeometry(room.polygon));
  const fixtureGeometries = fixtures.map((fixture) => polygonGeometry([fixture.polygon]));
  const liveWallIndex = (id: string) => {
    const index = wallIndexById.get(id);
    return index !== undefined && wallGeometries[index] !== null ? index : undefined;
  };
  const relateToWall = (featureId: string, wallIndex: number) => {
    relations.link(featureId, wallIds[wallIndex]);
    if (centerlineGeometries[wallIndex] !== null) relations.link(featureId, centerlineIds[wallIndex]);
  };

  walls.forEach((_, i) => {
    const polygon = wallGeometries[i];
    if (polygon === null) return;
    drafts.push({ id: wallIds[i], kind: 'area', cls: 'wall', subClass: null, name: null, folder: 'walls', geometry: polygon });
    const line = centerlineGeometries[i];
    if (line === null) return;
    drafts.push({ id: centerlineIds[i], kind: 'line', cls: 'wall_centerline', subClass: null, name: null, folder: 'centerlines', geometry: line });
    relations.link(wallIds[i], centerlineIds[i]);
  });

  openings.forEach((opening, i) => {
    const polygon = openingGeometries[i];
    if (polygon === null) return;
    drafts.push({
      id: openingIds[i],
      kind: 'area',
      cls: 'opening',
      subClass: opening.subClass,
      name: null,
      folder: 'openings',
      geometry: polygon,
      openingWidthUnits: Number.isFinite(opening.widthUnits) && opening.widthUnits >= 0 ? opening.widthUnits : undefined,
    });
    for (const wallId of opening.wallIds) {
      const wallIndex = liveWallIndex(wallId);
      if (wallIndex !== undefined) relateToWall(openingIds[i], wallIndex);
    }
  });

  const roomOfFixture = fixtureRooms(fixtureGeometries.map(polygonRingsOf), roomGeometries.map(polygonRingsOf));
  const wetRooms = new Set<number>();
  fixtures.forEach((fixture, i) => {
    const polygon = fixtureGeometries[i];
    if (polygon === null) return;
    drafts.push({ id: fixtureIds[i], kind: 'object', cls: 'other', subClass: fixture.subClass, name: capitalised(fixture.subClass), folder: 'fixtures', geometry: polygon });
    const room = roomOfFixture[i];
    if (room === null) return;
    relations.link(fixtureIds[i], roomIds[room]);
    if (WET_FIXTURES.has(fixture.subClass)) wetRooms.add(room);
  });

  const tracer = new SurfaceTracer(walls, openings, wallIndexById);
  const surfaceDrafts: Draft[] = [];
  rooms.forEach((room, i) => {
    const polygon = roomGeometries[i];
    if (polygon === null) return;
    const wet = wetRooms.has(i);
    drafts.push({ id: roomIds[i], kind: 'area', cls: 'room', subClass: wet ? 'wet room' : null, name: room.name, folder: 'rooms', geometry: polygon });
    for (const wallId of room.wallIds) {
      const wallIndex = liveWallIndex(wallId);
      if (wallIndex !== undefined) relateToWall(roomIds[i], wallIndex);
    }
    for (const openingId of room.openingIds) {
      const openingIndex = openingIndexById.get(openingId);
      if (openingIndex !== undefined && openingGeometries[openingIndex] !== null) relations.link(roomIds[i], openingIds[openingIndex]);
    }
    for (const piece of tracer.trace(room)) {
      const line = lineGeometry(piece.line);
      const live = piece.owner.kind === 'wall' ? wallGeometries[piece.owner.index] !== null : openingGeometries[piece.owner.index] !== null;
      if (line === null || !live) continue;
      const id = `surface-${surfaceDrafts.length + 1}`;
      relations.link(id, roomIds[i]);
      if (piece.owner.kind === 'wall') {
        relateToWall(roomIds[i], piece.owner.index);
        relations.link(id, wallIds[piece.owner.index]);
      } else {
        relations.link(roomIds[i], openingIds[piece.owner.index]);
        relations.link(id, openingIds[piece.owner.index]);
        for (const wallId of openings[piece.owner.index].wallIds) {
          const wallIndex = liveWallIndex(wallId);
          if (wallIndex !== undefined) relations.link(id, wallIds[wallIndex]);
        }
      }
      surfaceDrafts.push({
        id,
        kind: 'line',
        cls: piece.owner.kind === 'wall' ? 'wall_surface' : 'wall_surface_with_opening',
        subClass: wet ? 'wet wall' : null,
        name: null,
        folder: 'surfaces',
        geometry: line,
      });
    }
  });
  drafts.push(...surfaceDrafts);

  footprints.forEach((footprint, k) => {
    const geometry = polygonGeometry(footprint);
    const name = k === 0 ? 'Footprint' : `Footprint ${k + 1}`;
    if (geometry !== null) drafts.push({ id: `footprint-${k + 1}`, kind: 'area', cls: 'footprint', subClass: null, name, folder: 'footprint', geometry });
  });

  const features: BlueprintFeature[] = [rootFolder(ROOT_FOLDER_NAME)];
  FOLDERS.forEach(({ key, name }, i) => {
    const id = folderId(key);
    features.push({
      type: 'Feature',
      id,
      geometry: null,
      properties: { id, kind: 'folder', class: 'other', name, parent_id: ROOT_FOLDER_ID, position: i + 1, folder: ROOT_FOLDER_NAME, relations: [] },
    });
  });
  const folderNames = new Map(FOLDERS.map(({ key, name }) => [key, name]));
  const positions = new Map<FolderKey, number>();
  for (const draft of drafts) {
    const position = (positions.get(draft.folder) ?? 0) + 1;
    positions.set(draft.folder, position);
    features.push({
      type: 'Feature',
      id: draft.id,
      geometry: draft.geometry,
      properties: {
        id: draft.id,
        kind: draft.kind,
        class: draft.cls,
        sub_class: draft.subClass,
        name: draft.name,
        color: colorFor(draft.cls, draft.subClass),
        is_user_drawn: false,
        parent_id: folderId(draft.folder),
        position,
        folder: folderNames.get(draft.folder)!,
        ...(draft.openingWidthUnits !== undefined ? { opening_width_units: draft.openingWidthUnits } : {}),
        relations: relations.sorted(draft.id),
      },
    });
  }

  const roomOfWord = containingPolygon(words, roomGeometries.map(polygonRingsOf));
  const wallOfWord = containingPolygon(words, wallGeometries.map(polygonRingsOf));
  const publicWords = words.map((word, i) => {
    const room = roomOfWord[i];
    const wall = wallOfWord[i];
    return { ...publicWord(word), room_id: room === null ? null : roomIds[room], wall_id: wall === null ? null : wallIds[wall] };
  });

  return { geojson: { type: 'FeatureCollection', features }, words: publicWords };
}
