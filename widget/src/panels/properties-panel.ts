import { html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import {
  FEATURE_CLASSES,
  FEATURE_SUB_CLASSES,
  type BlueprintFeature,
  type FeatureClass,
  type FeatureSubClass,
  type Measurements,
} from '../../../core/src/types.ts';
import type { Units } from '../../../sdk/src/protocol.ts';
import { LightElement, emitUiEvent } from '../light-element.ts';
import { formatArea, formatLength } from '../units.ts';

export interface RenameDetail {
  id: string;
  name: string | null;
}
export interface ReclassDetail {
  id: string;
  class: FeatureClass;
  sub_class: FeatureSubClass | null;
}
export interface FeatureIdDetail {
  id: string;
}

/** The selected feature: what it is, its measurements, and (in edit mode) its editable fields. */
@customElement('bw-properties-panel')
export class PropertiesPanel extends LightElement {
  @property({ attribute: false }) feature: BlueprintFeature | null = null;
  /** Measurements of the geometry while it is being dragged, shown in place of the stored ones. */
  @property({ attribute: false }) liveMeasurements: Measurements | null = null;
  @property() units: Units = 'metric';
  @property({ type: Boolean }) editable = false;

  protected override render() {
    const feature = this.feature;
    if (feature === null) {
      return html`<p class="bw-hint" data-testid="no-selection">Nothing selected. Click a feature on the sheet, or find one under Search.</p>`;
    }
    const properties = feature.properties;
    const measurements = this.liveMeasurements ?? properties.measurements ?? null;
    const id = properties.id;
    return html`
      <dl class="bw-properties" data-testid="properties">
        <dt><label for="bw-name">Name</label></dt>
        <dd>
          ${this.editable
            ? html`<input
                id="bw-name"
                data-testid="property-name"
                .value=${properties.name ?? ''}
                @change=${(event: Event) => this.#rename(id, (event.target as HTMLInputElement).value)}
              />`
            : html`<span id="bw-name" data-testid="property-name">${properties.name || '—'}</span>`}
        </dd>
        <dt><label for="bw-class">Class</label></dt>
        <dd>
          ${this.editable
            ? html`<select
                id="bw-class"
                data-testid="property-class"
                @change=${(event: Event) =>
                  this.#reclass(id, (event.target as HTMLSelectElement).value as FeatureClass, properties.sub_class ?? null)}
              >
                ${FEATURE_CLASSES.map((cls) => html`<option value=${cls} ?selected=${cls === properties.class}>${cls}</option>`)}
              </select>`
            : html`<span id="bw-class" data-testid="property-class">${properties.class}</span>`}
        </dd>
        <dt><label for="bw-sub-class">Sub-class</label></dt>
        <dd>
          ${this.editable
            ? html`<select
                id="bw-sub-class"
                data-testid="property-sub-class"
                @change=${(event: Event) => {
                  const value = (event.target as HTMLSelectElement).value;
                  this.#reclass(id, properties.class, value === '' ? null : (value as FeatureSubClass));
                }}
              >
                <option value="" ?selected=${properties.sub_class == null}>none</option>
                ${FEATURE_SUB_CLASSES.map(
                  (subClass) => html`<option value=${subClass} ?selected=${subClass === properties.sub_class}>${subClass}</option>`,
                )}
              </select>`
            : html`<span id="bw-sub-class" data-testid="property-sub-class">${properties.sub_class ?? '—'}</span>`}
        </dd>
        ${this.#measurementRow('Area', 'area', formatArea(measurements?.area_m2, this.units), measurements?.area_m2)}
        ${this.#measurementRow('Perimeter', 'perimeter', formatLength(measurements?.perimeter_m, this.units), measurements?.perimeter_m)}
        ${this.#measurementRow('Length', 'length', formatLength(measurements?.length_m, this.units), measurements?.length_m)}
        ${this.#measurementRow(
          'Opening width',
          'opening-width',
          formatLength(measurements?.opening_width_m, this.units),
          measurements?.opening_width_m,
        )}
      </dl>
      <div class="bw-row">
        <button type="button" data-testid="zoom-to-feature" @click=${() => emitUiEvent<FeatureIdDetail>(this, 'feature-zoom', { id })}>
          Zoom to
        </button>
        ${this.editable
          ? html`<button
              type="button"
              data-testid="delete-feature"
              aria-keyshortcuts="Delete"
              @click=${() => emitUiEvent<FeatureIdDetail>(this, 'feature-delete', { id })}
            >
              Delete
            </button>`
          : nothing}
      </div>
    `;
  }

  #measurementRow(label: string, testId: string, text: string, value: number | null | undefined) {
    if (value == null) return nothing;
    return html`<dt>${label}</dt>
      <dd data-testid=${`measure-${testId}`} data-value=${value}>${text}</dd>`;
  }

  #rename(id: string, value: string): void {
    const name = value.trim();
    emitUiEvent<RenameDetail>(this, 'feature-rename', { id, name: name === '' ? null : name });
  }

  #reclass(id: string, cls: FeatureClass, subClass: FeatureSubClass | null): void {
    emitUiEvent<ReclassDetail>(this, 'feature-reclass', { id, class: cls, sub_class: subClass });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-properties-panel': PropertiesPanel;
  }
}
