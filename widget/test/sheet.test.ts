// What lies under the features: the tile pyramid (each tile where its z.x.y name says), a PDF
// preview rendered by pdf.js while tiles are not ready, the switch to tiles once they are
// published, and a layout that fits small and large containers.

import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { PDFDocument, rgb } from 'pdf-lib/dist/pdf-lib.esm.js';
import type { BlueprintFeatureCollection } from '../../core/src/types.ts';
import {
  byTestId,
  mapPixelColor,
  mountWidget,
  pagePoint,
  publishTiles,
  registerBlueprint,
  renderedMap,
  unmount,
  uploadArtifact,
  type Mounted,
} from './helpers.ts';
import type { BlueprintWidget } from '../src/blueprint-widget.ts';

type Rgb = [number, number, number];
const NO_FEATURES: BlueprintFeatureCollection = { type: 'FeatureCollection', features: [] };

/** A distinct colour for every tile of a three-level pyramid. */
function tileColour(z: number, x: number, y: number): Rgb {
  return [40 + 70 * z, 30 + 50 * x, 30 + 60 * y];
}

async function solidPng(colour: Rgb): Promise<Blob> {
  const canvas = new OffscreenCanvas(256, 256);
  const context = canvas.getContext('2d')!;
  context.fillStyle = `rgb(${colour.join(',')})`;
  context.fillRect(0, 0, 256, 256);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** Uploads the tiles that cover a width × height sheet, levels 0 to `deepest`. */
async function tilePyramid(prefix: string, width: number, height: number, deepest: number): Promise<Record<string, string>> {
  const tiles: Record<string, string> = {};
  for (let z = 0; z <= deepest; z++) {
    const span = 256 * 2 ** (deepest - z);
    for (let x = 0; x * span < width; x++) {
      for (let y = 0; y * span < height; y++) {
        tiles[`${z}.${x}.${y}.png`] = await uploadArtifact(`${prefix}-${z}-${x}-${y}.png`, await solidPng(tileColour(z, x, y)));
      }
    }
  }
  return tiles;
}

function expectColour(actual: number[], expected: Rgb, where: string): void {
  expected.forEach((channel, index) => expect(Math.abs(actual[index] - channel), `${where}: ${actual} vs ${expected}`).to.be.at.most(4));
}

async function showAt(widget: BlueprintWidget, resolution: number, centre: [number, number]): Promise<void> {
  const view = widget.sheet!.map.getView();
  view.setResolution(resolution);
  view.setCenter([centre[0], -centre[1]]);
  await renderedMap(widget);
}

/** An 8 × 4 inch PDF page with a black block from (1", 1") to (3", 2") measured from the top left. */
async function blockPdf(): Promise<Blob> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([576, 288]);
  page.drawRectangle({ x: 72, y: 288 - 144, width: 144, height: 72, color: rgb(0, 0, 0) });
  return new Blob([(await pdf.save()) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

describe('sheet background', () => {
  let mounted: Mounted | undefined;
  before(() => setViewport({ width: 1200, height: 800 }));
  afterEach(() => unmount(mounted));

  it('places every z.x.y tile where its name says, at the level matching the zoom', async () => {
    const id = `tiles-${Date.now()}`;
    // 600 × 300 units need three levels: one 1024-unit tile at z=0, 256-unit tiles at z=2.
    const tiles = await tilePyramid(id, 600, 300, 2);
    mounted = await mountWidget(await registerBlueprint({ id, width: 600, height: 300, tiles, geojson: NO_FEATURES, words: [] }));
    const { widget } = mounted;
    expect(widget.sheet!.showsTiles).to.equal(true);

    await showAt(widget, 1, [300, 150]);
    expectColour(mapPixelColor(widget, pagePoint(widget, [100, 100])), tileColour(2, 0, 0), 'z2 tile 0,0');
    expectColour(mapPixelColor(widget, pagePoint(widget, [380, 120])), tileColour(2, 1, 0), 'z2 tile 1,0');
    expectColour(mapPixelColor(widget, pagePoint(widget, [540, 280])), tileColour(2, 2, 1), 'z2 tile 2,1');

    await showAt(widget, 2, [300, 150]);
    expectColour(mapPixelColor(widget, pagePoint(widget, [540, 280])), tileColour(1, 1, 0), 'z1 tile 1,0');

    await showAt(widget, 4, [300, 150]);
    expectColour(mapPixelColor(widget, pagePoint(widget, [540, 280])), tileColour(0, 0, 0), 'z0 tile');
  });

  it('renders the original PDF with pdf.js until tiles are published, then switches to tiles', async () => {
    const id = `preview-${Date.now()}`;
    const pdfUrl = await uploadArtifact(`${id}.pdf`, await blockPdf());
    // Not processed yet: no dimensions, no tiles, only the uploaded PDF.
    const blueprint = await registerBlueprint({ id, width: null, height: null, originalPdf: pdfUrl, geojson: NO_FEATURES, words: [] });
    mounted = await mountWidget(blueprint);
    const { widget } = mounted;
    // 8 × 4 inches at 150 DPI.
    expect(widget.sheet!.size).to.deep.equal({ width: 1200, height: 600 });
    await waitUntil(() => widget.sheet!.map.getAllLayers().length === 3, 'preview layer added', { timeout: 10_000 });
    await renderedMap(widget);
    // The block spans 150–450 × 150–300 units.
    const inside = mapPixelColor(widget, pagePoint(widget, [300, 225]));
    const outside = mapPixelColor(widget, pagePoint(widget, [900, 450]));
    expect(Math.max(...inside.slice(0, 3)), `inside the block: ${inside}`).to.be.below(40);
    expect(Math.min(...outside.slice(0, 3)), `outside the block: ${outside}`).to.be.above(230);
    expect(widget.sheet!.showsTiles).to.equal(false);

    // 1200 units need four levels (2048 units at z=0).
    const tiles = await tilePyramid(id, 1200, 600, 3);
    await publishTiles(id, tiles);
    await waitUntil(() => widget.sheet!.showsTiles, 'tiles replace the preview', { timeout: 12_000, interval: 200 });
    await showAt(widget, 1, [900, 450]);
    expectColour(mapPixelColor(widget, pagePoint(widget, [900, 450])), tileColour(3, 3, 1), 'published tile');
  });

  it('fits a phone-sized container with the panels under the sheet, and a wide one with them beside it', async () => {
    const blueprint = await registerBlueprint();
    mounted = await mountWidget(blueprint, { mode: 'edit', width: 360, height: 640 });
    let widget = mounted.widget;
    let sheet = byTestId(widget, 'sheet').getBoundingClientRect();
    let side = widget.querySelector('.bw-side')!.getBoundingClientRect();
    expect(sheet.width).to.be.closeTo(360, 1);
    expect(sheet.height).to.be.above(150);
    expect(side.top).to.be.at.least(sheet.bottom - 1);
    expect(widget.scrollWidth, 'no horizontal overflow').to.be.at.most(360);
    expect(widget.getBoundingClientRect().height).to.be.closeTo(640, 1);
    unmount(mounted);

    mounted = await mountWidget(blueprint, { mode: 'edit', width: 1100, height: 700 });
    widget = mounted.widget;
    sheet = byTestId(widget, 'sheet').getBoundingClientRect();
    side = widget.querySelector('.bw-side')!.getBoundingClientRect();
    expect(side.left).to.be.at.least(sheet.right - 1);
    expect(sheet.height).to.be.above(500);
    widget.selectFeature('kitchen', { zoom: false });
    await widget.updateComplete;
    for (const control of widget.querySelectorAll('.bw-side input, .bw-side select, .bw-side button')) {
      expect(control.getBoundingClientRect().right, `${control.outerHTML.slice(0, 80)} inside the panel`).to.be.at.most(side.right);
    }
    // The whole sheet is in view after loading.
    const [left, top] = pagePoint(widget, [0, 0]);
    const [right, bottom] = pagePoint(widget, [1200, 800]);
    expect(left).to.be.at.least(sheet.left);
    expect(right).to.be.at.most(sheet.right);
    expect(top).to.be.at.least(sheet.top);
    expect(bottom).to.be.at.most(sheet.bottom);
  });

  it('labels every control for keyboard and screen-reader use', async () => {
    mounted = await mountWidget(await registerBlueprint(), { mode: 'edit' });
    const { widget } = mounted;
    widget.selectFeature('kitchen', { zoom: false });
    await widget.updateComplete;
    const controls = [...widget.querySelectorAll<HTMLElement>('button, input, select, a[href], [tabindex]')];
    expect(controls.length).to.be.above(15);
    for (const control of controls) {
      const labelled =
        control.getAttribute('aria-label') ||
        (control as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
        (control.tagName === 'BUTTON' || control.tagName === 'A' ? control.textContent!.trim() : '');
      expect(labelled, control.outerHTML.slice(0, 120)).to.not.equal('');
      expect(control.tabIndex, control.outerHTML.slice(0, 120)).to.be.at.least(0);
    }
  });
});
