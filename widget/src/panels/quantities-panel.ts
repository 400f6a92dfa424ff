import { html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { QuantityRow, Units } from '../../../sdk/src/protocol.ts';
import { LightElement } from '../light-element.ts';
import { quantitiesToCsv } from '../quantities.ts';
import { formatArea, formatLength } from '../units.ts';

/** Totals per class and sub-class, and a CSV download of the same table. */
@customElement('bw-quantities-panel')
export class QuantitiesPanel extends LightElement {
  @property({ attribute: false }) rows: readonly QuantityRow[] = [];
  @property() units: Units = 'metric';
  @property() filename = 'quantities.csv';
  #csvUrl: string | null = null;

  /** The CSV the download link serves. */
  get csv(): string {
    return quantitiesToCsv(this.rows, this.units);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('rows') || changed.has('units') || this.#csvUrl === null) {
      if (this.#csvUrl !== null) URL.revokeObjectURL(this.#csvUrl);
      this.#csvUrl = URL.createObjectURL(new Blob([this.csv], { type: 'text/csv;charset=utf-8' }));
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#csvUrl !== null) URL.revokeObjectURL(this.#csvUrl);
    this.#csvUrl = null;
  }

  protected override render() {
    return html`
      <table class="bw-table" data-testid="quantities-table">
        <caption class="bw-visually-hidden">Quantities by class and sub-class</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">Sub-class</th>
            <th scope="col" class="bw-number">Count</th>
            <th scope="col" class="bw-number">Area</th>
            <th scope="col" class="bw-number">Perimeter</th>
            <th scope="col" class="bw-number">Length</th>
          </tr>
        </thead>
        <tbody>
          ${this.rows.map(
            (row) => html`<tr data-testid="quantity-row" data-class=${row.class} data-sub-class=${row.sub_class ?? ''}>
              <td>${row.class}</td>
              <td>${row.sub_class ?? '—'}</td>
              <td class="bw-number" data-column="count">${row.count}</td>
              <td class="bw-number" data-column="area">${formatArea(row.area_m2, this.units)}</td>
              <td class="bw-number" data-column="perimeter">${formatLength(row.perimeter_m, this.units)}</td>
              <td class="bw-number" data-column="length">${formatLength(row.length_m, this.units)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
      <a class="bw-button" data-testid="export-csv" href=${this.#csvUrl ?? ''} download=${this.filename}>Export CSV</a>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-quantities-panel': QuantitiesPanel;
  }
}
