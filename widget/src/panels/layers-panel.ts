import { html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { LAYER_NAMES, type LayerName } from '../../../sdk/src/protocol.ts';
import { LAYER_LABELS } from '../layers.ts';
import { LightElement, emitUiEvent } from '../light-element.ts';

export interface LayerToggleDetail {
  layer: LayerName;
  visible: boolean;
}

/** One checkbox per layer, with how many items each holds. */
@customElement('bw-layers-panel')
export class LayersPanel extends LightElement {
  @property({ attribute: false }) visibility: Readonly<Record<LayerName, boolean>> = Object.fromEntries(
    LAYER_NAMES.map((layer) => [layer, true]),
  ) as Record<LayerName, boolean>;
  @property({ attribute: false }) counts: Readonly<Partial<Record<LayerName, number>>> = {};

  protected override render() {
    return html`<fieldset class="bw-layers">
      <legend class="bw-visually-hidden">Visible layers</legend>
      ${LAYER_NAMES.map(
        (layer) => html`<label class="bw-check">
          <input
            type="checkbox"
            data-testid=${`layer-${layer}`}
            .checked=${this.visibility[layer]}
            @change=${(event: Event) =>
              emitUiEvent<LayerToggleDetail>(this, 'layer-toggle', { layer, visible: (event.target as HTMLInputElement).checked })}
          />
          ${LAYER_LABELS[layer]} <span class="bw-muted">(${this.counts[layer] ?? 0})</span>
        </label>`,
      )}
    </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-layers-panel': LayersPanel;
  }
}
