import { css } from 'lit';

export const widgetStyles = css`
  blueprint-widget {
    display: flex;
    flex-direction: column;
    width: 100%;
    height: 100%;
    min-height: 0;
    box-sizing: border-box;
    container-type: inline-size;
    font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif;
    color: #1f2328;
    background: #fff;
  }
  /* Set on every element: <details> passes inherited values through its own shadow tree. */
  blueprint-widget *,
  blueprint-widget *::before,
  blueprint-widget *::after {
    box-sizing: border-box;
  }
  .bw-toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    padding: 4px 6px;
    border-bottom: 1px solid #d0d7de;
    background: #f6f8fa;
  }
  .bw-toolbar .bw-spacer {
    flex: 1;
  }
  .bw-group {
    display: inline-flex;
    gap: 2px;
    align-items: center;
  }
  blueprint-widget button,
  blueprint-widget select,
  blueprint-widget input,
  .bw-button {
    font: inherit;
    min-height: 28px;
    padding: 2px 8px;
    border: 1px solid #afb8c1;
    border-radius: 4px;
    background: #fff;
    color: inherit;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
  }
  blueprint-widget button[aria-pressed='true'] {
    background: #0969da;
    border-color: #0969da;
    color: #fff;
  }
  blueprint-widget button:disabled {
    opacity: 0.5;
  }
  blueprint-widget :focus-visible {
    outline: 2px solid #0969da;
    outline-offset: 1px;
  }
  .bw-body {
    flex: 1;
    min-height: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr) clamp(220px, 32%, 340px);
  }
  .bw-map {
    position: relative;
    min-width: 0;
    min-height: 0;
    background: #eef1f4;
  }
  .bw-side {
    min-height: 0;
    overflow: auto;
    border-left: 1px solid #d0d7de;
  }
  @container (max-width: 620px) {
    .bw-body {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: minmax(120px, 3fr) minmax(0, 2fr);
    }
    .bw-side {
      border-left: 0;
      border-top: 1px solid #d0d7de;
    }
  }
  .bw-side details {
    border-bottom: 1px solid #d0d7de;
    padding: 4px 8px;
  }
  .bw-side summary {
    font-weight: 600;
    cursor: pointer;
    padding: 4px 0;
  }
  .bw-properties {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 4px 8px;
    margin: 4px 0;
  }
  .bw-properties dt {
    color: #57606a;
  }
  .bw-properties dd {
    margin: 0;
    min-width: 0;
  }
  .bw-properties input,
  .bw-properties select {
    width: 100%;
  }
  .bw-row {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    align-items: end;
    margin: 4px 0;
  }
  .bw-field {
    display: flex;
    flex-direction: column;
    gap: 2px;
    margin: 4px 0;
  }
  .bw-check {
    display: flex;
    gap: 6px;
    align-items: center;
    padding: 2px 0;
  }
  .bw-layers {
    border: 0;
    margin: 0;
    padding: 0;
  }
  .bw-table {
    width: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
    margin-bottom: 6px;
  }
  .bw-table th,
  .bw-table td {
    padding: 2px 4px;
    border-bottom: 1px solid #eaeef2;
    text-align: left;
  }
  .bw-table .bw-number {
    text-align: right;
  }
  .bw-results {
    list-style: none;
    margin: 0;
    padding: 0;
    max-height: 240px;
    overflow: auto;
  }
  .bw-results button {
    width: 100%;
    justify-content: flex-start;
    border: 0;
    gap: 6px;
  }
  .bw-muted,
  .bw-hint {
    color: #57606a;
  }
  .bw-warning {
    display: block;
    margin-top: 4px;
    padding: 4px 6px;
    border-radius: 4px;
    background: #fff8c5;
    border: 1px solid #d4a72c;
  }
  .bw-message {
    padding: 4px 8px;
    border-top: 1px solid #d0d7de;
    min-height: 1.8em;
  }
  .bw-message[data-kind='error'] {
    background: #ffebe9;
    color: #82071e;
  }
  .bw-message[data-kind='success'] {
    background: #dafbe1;
  }
  .bw-status {
    padding: 0 6px;
    color: #57606a;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 40ch;
  }
  .bw-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
