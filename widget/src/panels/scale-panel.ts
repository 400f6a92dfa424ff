import { html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Scale } from '../../../core/src/types.ts';
import type { Units } from '../../../sdk/src/protocol.ts';
import { LightElement, emitUiEvent } from '../light-element.ts';
import { STANDARD_SCALES, describeScale, scaleNeedsCheck } from '../scales.ts';

export type CalibrationPhase = 'idle' | 'picking' | 'entering';

export interface ScaleDetail {
  scale: Scale;
}
export interface CalibrateDetail {
  metres: number;
}

const METRES_PER = { m: 1, ft: 0.3048, in: 0.0254 } as const;
type DistanceUnit = keyof typeof METRES_PER;

/** The sheet's scale, a warning when it needs checking, and the two ways to set it. */
@customElement('bw-scale-panel')
export class ScalePanel extends LightElement {
  @property({ attribute: false }) scale: Scale | null = null;
  @property() phase: CalibrationPhase = 'idle';
  @property() units: Units = 'metric';
  @state() private distanceUnit: DistanceUnit | null = null;

  protected override render() {
    const needsCheck = scaleNeedsCheck(this.scale);
    return html`
      <p>
        Scale: <strong data-testid="scale-label">${describeScale(this.scale)}</strong>
        ${needsCheck
          ? html`<span class="bw-warning" role="note" data-testid="scale-warning">
              ${this.scale === null
                ? 'No scale was found on this sheet: set one below before trusting any measurement.'
                : 'This scale needs checking: measurements are not shown until it is confirmed or set below.'}
            </span>`
          : nothing}
      </p>
      <label class="bw-field">
        <span>Standard scale</span>
        <select data-testid="scale-select" @change=${this.#pickStandard}>
          <option value="" selected>Choose…</option>
          ${STANDARD_SCALES.map((option, index) => html`<option value=${index}>${option.label}</option>`)}
        </select>
      </label>
      ${this.#calibration()}
    `;
  }

  #calibration() {
    switch (this.phase) {
      case 'idle':
        return html`<button type="button" data-testid="calibrate-start" @click=${() => emitUiEvent(this, 'calibrate-start', null)}>
          Calibrate by two points…
        </button>`;
      case 'picking':
        return html`<p class="bw-hint" data-testid="calibrate-hint" role="status">
            Click two points on the sheet whose real distance you know.
          </p>
          <button type="button" data-testid="calibrate-cancel" @click=${() => emitUiEvent(this, 'calibrate-cancel', null)}>Cancel</button>`;
      case 'entering': {
        const unit = this.distanceUnit ?? (this.units === 'metric' ? 'm' : 'ft');
        return html`<form class="bw-row" data-testid="calibrate-form" @submit=${this.#apply}>
          <label class="bw-field">
            <span>Real distance</span>
            <input name="distance" type="number" min="0" step="any" required data-testid="calibrate-distance" autofocus />
          </label>
          <label class="bw-field">
            <span>Unit</span>
            <select
              name="unit"
              data-testid="calibrate-unit"
              @change=${(event: Event) => (this.distanceUnit = (event.target as HTMLSelectElement).value as DistanceUnit)}
            >
              ${(Object.keys(METRES_PER) as DistanceUnit[]).map((option) => html`<option value=${option} ?selected=${option === unit}>${option}</option>`)}
            </select>
          </label>
          <button type="submit" data-testid="calibrate-apply">Apply</button>
          <button type="button" data-testid="calibrate-cancel" @click=${() => emitUiEvent(this, 'calibrate-cancel', null)}>Cancel</button>
        </form>`;
      }
    }
  }

  #pickStandard = (event: Event) => {
    const select = event.target as HTMLSelectElement;
    const option = STANDARD_SCALES[Number(select.value)];
    select.value = '';
    if (option !== undefined) emitUiEvent<ScaleDetail>(this, 'scale-pick', { scale: option.scale });
  };

  #apply = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const distance = Number(form.get('distance'));
    const unit = form.get('unit') as DistanceUnit;
    if (!(distance > 0)) return;
    emitUiEvent<CalibrateDetail>(this, 'calibrate-apply', { metres: distance * METRES_PER[unit] });
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-scale-panel': ScalePanel;
  }
}
