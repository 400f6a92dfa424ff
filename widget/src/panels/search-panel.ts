import { html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BlueprintFeature, BlueprintWord } from '../../../core/src/types.ts';
import { LightElement, emitUiEvent } from '../light-element.ts';

export interface SearchDetail {
  query: string;
}
export interface WordDetail {
  id: string;
}

/** Results listed at most; the sheet still highlights every hit. */
const LISTED_RESULTS = 50;

/** Finds words on the sheet (highlighted there) and features by name, each a button that zooms to it. */
@customElement('bw-search-panel')
export class SearchPanel extends LightElement {
  @property() query = '';
  @property({ attribute: false }) wordHits: readonly BlueprintWord[] = [];
  @property({ attribute: false }) featureHits: readonly BlueprintFeature[] = [];

  protected override render() {
    const searching = this.query.trim() !== '';
    return html`
      <label class="bw-field">
        <span>Find words or features</span>
        <input
          type="search"
          data-testid="search-input"
          .value=${this.query}
          @input=${(event: Event) => emitUiEvent<SearchDetail>(this, 'search', { query: (event.target as HTMLInputElement).value })}
        />
      </label>
      ${searching
        ? html`<p class="bw-muted" data-testid="search-summary" aria-live="polite">
              ${this.wordHits.length} ${this.wordHits.length === 1 ? 'word' : 'words'}, ${this.featureHits.length}
              ${this.featureHits.length === 1 ? 'feature' : 'features'}
            </p>
            <ul class="bw-results">
              ${this.featureHits.slice(0, LISTED_RESULTS).map(
                (feature) => html`<li>
                  <button
                    type="button"
                    data-testid="search-feature-hit"
                    @click=${() => emitUiEvent<WordDetail>(this, 'feature-zoom', { id: feature.properties.id })}
                  >
                    ${feature.properties.name} <span class="bw-muted">${feature.properties.class}</span>
                  </button>
                </li>`,
              )}
              ${this.wordHits.slice(0, LISTED_RESULTS).map(
                (word) => html`<li>
                  <button type="button" data-testid="search-word-hit" @click=${() => emitUiEvent<WordDetail>(this, 'word-zoom', { id: word.id })}>
                    “${word.text}”
                  </button>
                </li>`,
              )}
            </ul>`
        : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-search-panel': SearchPanel;
  }
}
