// A partner page embedding the widget: `/demo/?blueprint=<id>&token=<widget token>[&mode=view][&units=imperial]`.
// The token comes from the partner's backend (POST /v1/widget/sessions); this page never holds an API key.

import {
  BlueprintWidgetError,
  mountBlueprintWidget,
  type BlueprintWidgetHandle,
  type QuantityRow,
  type Units,
  type WidgetEventName,
  type WidgetMode,
} from '../sdk/src/index.ts';

declare global {
  interface Window {
    /** The SDK handle, for scripts and end-to-end tests driving the page. */
    blueprintWidget?: BlueprintWidgetHandle;
  }
}

const EVENTS: readonly WidgetEventName[] = ['ready', 'selectionChanged', 'blueprintChanged', 'saved', 'error'];
/** A scale change reports every feature; the log keeps lines readable. */
const MAX_LOG_LINE = 4000;

const log = document.querySelector<HTMLOListElement>('#sdk-log')!;
const status = document.querySelector<HTMLElement>('#status')!;
const unitsSelect = document.querySelector<HTMLSelectElement>('#units')!;
const saveButton = document.querySelector<HTMLButtonElement>('#save')!;
const quantitiesBody = document.querySelector<HTMLTableSectionElement>('#host-quantities')!;

function appendLog(event: string, payload: unknown): void {
  const json = JSON.stringify(payload);
  const text = json.length > MAX_LOG_LINE ? `${json.slice(0, MAX_LOG_LINE)}… (${json.length - MAX_LOG_LINE} more characters)` : json;
  const line = document.createElement('li');
  line.dataset.event = event;
  line.textContent = `${event} ${text}`;
  log.append(line);
}

function showStatus(text: string, kind: 'info' | 'error' = 'info'): void {
  status.textContent = text;
  status.dataset.kind = kind;
}

function renderQuantities(rows: readonly QuantityRow[]): void {
  const cell = (text: string) => Object.assign(document.createElement('td'), { textContent: text });
  const fixed = (value: number | null) => (value === null ? '' : value.toFixed(2));
  quantitiesBody.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement('tr');
      tr.dataset.class = row.class;
      tr.dataset.subClass = row.sub_class ?? '';
      tr.append(cell(row.class), cell(row.sub_class ?? ''), cell(String(row.count)), cell(fixed(row.area_m2)), cell(fixed(row.length_m)));
      return tr;
    }),
  );
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const blueprintId = params.get('blueprint');
  const token = params.get('token');
  if (!blueprintId || !token) {
    showStatus('Open this page as /demo/?blueprint=<blueprint id>&token=<widget token>.', 'error');
    return;
  }
  const mode = (params.get('mode') ?? 'edit') as WidgetMode;
  const units = (params.get('units') ?? 'metric') as Units;
  unitsSelect.value = units;
  showStatus('Loading…');

  let handle: BlueprintWidgetHandle;
  try {
    handle = await mountBlueprintWidget(document.querySelector<HTMLElement>('#widget')!, {
      baseUrl: location.origin,
      token,
      blueprintId,
      mode,
      units,
    });
  } catch (error) {
    const code = error instanceof BlueprintWidgetError ? error.code : 'load_failed';
    appendLog('error', { code, message: (error as Error).message });
    showStatus((error as Error).message, 'error');
    return;
  }
  window.blueprintWidget = handle;

  const refreshQuantities = () => handle.getQuantities().then(renderQuantities, (error: Error) => showStatus(error.message, 'error'));
  for (const event of EVENTS) handle.on(event, (payload) => appendLog(event, payload));
  handle.on('ready', () => void refreshQuantities());
  handle.on('blueprintChanged', (change) => {
    saveButton.disabled = !change.dirty;
    void refreshQuantities();
  });
  handle.on('saved', () => {
    saveButton.disabled = true;
    showStatus('Saved.');
  });

  unitsSelect.addEventListener('change', () => void handle.setUnits(unitsSelect.value as Units));
  saveButton.hidden = mode !== 'edit';
  saveButton.addEventListener('click', () => {
    handle.save().catch((error: Error) => showStatus(error.message, 'error'));
  });
  showStatus('Ready.');
}

void main();
