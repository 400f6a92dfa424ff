import { LitElement, type CSSResult } from 'lit';

/**
 * A Lit element that renders into the light DOM. OpenLayers' stylesheet and the widget's own rules
 * are document-level, and tests and host tooling can reach every control with plain selectors.
 */
export class LightElement extends LitElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}

/** Adds a stylesheet to the document once. */
export function adoptDocumentStyles(styles: CSSResult): void {
  const sheet = styles.styleSheet;
  if (sheet === undefined || document.adoptedStyleSheets.includes(sheet)) return;
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** Dispatches a widget-internal UI event that bubbles to the widget element. */
export function emitUiEvent<T>(source: HTMLElement, name: string, detail: T): void {
  source.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true }));
}
