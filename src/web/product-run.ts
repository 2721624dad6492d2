/**
 * Printing what the form says: the command line it stands for run in the page's worker, its
 * words shown under the form, the PDF previewed and saved, a seed rolled offered as a link.
 * "Download PDF" after a preview saves the very PDF that was shown.
 */
import type { PageRun, PageRunOptions } from './page-io.js';
import type { Form } from './form.js';
import { playerWords } from './player-words.js';
import { binaryString } from '../vocab/binary-string.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const TYPES = { pdf: 'application/pdf', json: 'application/json', md: 'text/markdown', zip: 'application/zip' } as const;

/** What a run asks of the page around it. */
export interface RunHost {
  run(argv: readonly string[], options?: Omit<PageRunOptions, 'fetchFile'>): Promise<PageRun>;
  read(): Form;
  /** the command line of a form, as the page runs it */
  argvOf(form: Form): string[];
  /** the page's address for a form */
  linkOf(form: Form): string;
  /** a run of the form is back, its seed where it rolled one (a campaign's state may change; a packet is offered to the table) */
  ran(form: Form, result: PageRun, seed: string | undefined): Promise<void>;
}

/** For the browser tests: what the page produced last. */
export interface LastMade {
  name: string;
  base64: string;
  code: number;
  stderr: string;
  argv: string[];
}

export class ProductRun {
  /** the last PDF made, kept so "Download PDF" after a preview saves the packet that was shown */
  private last: { key: string; bytes: Uint8Array; name: string } | undefined;
  private running: AbortController | undefined;
  private previewUrl: string | undefined;

  constructor(
    private readonly host: RunHost,
    /** what the page made last, for the browser tests */
    private readonly made: (last: LastMade) => void,
  ) {}

  /** What a "Download PDF" saves is made afresh (a force, a campaign or the files the form prints with changed). */
  forget(): void {
    this.last = undefined;
  }

  stop(): void {
    this.running?.abort();
  }

  /** Makes the product in a format: the PDF is previewed, and saved when `download` is set. */
  async make(format: 'pdf' | 'json' | 'md', download: boolean): Promise<void> {
    const form = this.host.read();
    // a shop that takes images (--shop mpc): the "PDF" is a zip of them
    const file = format === 'pdf' && form.options['shop'] === 'mpc' ? 'zip' : format;
    const out = `/out/muster.${file}`;
    const argv = [...this.host.argvOf(form), ...(format === 'pdf' ? [] : ['--format', format]), '-o', out];
    const key = argv.join('\u0000');
    const base = form.product === 'calibrate' ? 'calibrate' : `${form.system}-${form.product === 'force' ? 'cards' : form.product === 'campaign' ? `campaign-${argv[2]}` : form.product}`;
    if (format === 'pdf' && download && this.last?.key === key) {
      save(this.last.bytes, this.last.name, TYPES.pdf);
      return;
    }
    this.running?.abort();
    const controller = (this.running = new AbortController());
    setBusy(true);
    $('messages').textContent = '';
    $('seed-note').hidden = true;
    let result: PageRun;
    try {
      const how = { signal: controller.signal, progress: (label: string, done: number, total: number) => showProgress(label, done, total) };
      result = await this.host.run(argv, how);
      // an option that answers in words and writes no file (a unit's cost worked out): the answer is shown
      if (result.code === 2 && /^muster: -o\/--out: .* writes no file; leave -o out/m.test(result.stderr)) {
        const answer = await this.host.run(argv.slice(0, -2), how);
        result = { ...answer, stderr: answer.code === 0 ? answer.stdout : answer.stderr };
      }
    } catch (error) {
      result = { code: 1, stdout: '', stderr: `muster: ${(error as Error).message}\n`, written: new Map() };
    } finally {
      setBusy(false);
      hideProgress();
      if (this.running === controller) this.running = undefined;
    }
    // "Wrote /out/muster.pdf" names the page's own path: the player reads "muster.pdf ready"
    const messages = playerWords(result.stderr, out, formLabel).trim();
    $('messages').textContent = messages;
    $('messages').className = result.code === 0 ? 'messages' : 'messages failed';
    $('status').hidden = messages === '';
    // on a phone the form is long: bring the words into view
    if (messages) $('status').scrollIntoView({ block: 'nearest' });
    const bytes = result.written.get(out);
    const seed = /^Seed: (\S+)/m.exec(result.stderr)?.[1];
    const name = `${base}${seed ? `-${seed}` : ''}.${file}`;
    this.made({ name, base64: bytes ? btoa(binaryString(bytes)) : '', code: result.code, stderr: result.stderr, argv });
    await this.host.ran(form, result, seed);
    if (result.code !== 0 || !bytes) return;
    if (seed && !form.options['seed'] && form.product !== 'campaign') {
      $<HTMLAnchorElement>('seed-link').href = this.host.linkOf({ ...form, options: { ...form.options, seed } });
      $('seed-note').hidden = false;
    }
    if (file === 'pdf') {
      this.last = { key, bytes, name };
      this.preview(bytes);
    }
    if (download) save(bytes, name, TYPES[file]);
  }

  private preview(bytes: Uint8Array): void {
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = URL.createObjectURL(new Blob([bytes as BlobPart], { type: TYPES.pdf }));
    // a phone's browser shows no PDF in a frame (a dark box): it is offered the PDF itself instead
    const framed = navigator.pdfViewerEnabled !== false;
    const frame = $<HTMLIFrameElement>('preview');
    frame.src = framed ? this.previewUrl : 'about:blank';
    frame.hidden = !framed;
    $<HTMLAnchorElement>('preview-link').href = this.previewUrl;
    $('preview-no-frame').hidden = framed;
    $('preview-open').hidden = false;
    $('preview-empty').hidden = true;
  }
}

/** Saves bytes as a download of this name. */
export function save(bytes: Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function showProgress(label: string, done: number, total: number, unit = ''): void {
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  bar.max = Math.max(total, 1);
  bar.value = done;
  $('progress-label').textContent = `${label} ${done} of ${total}${unit ? ` ${unit}` : ''}`;
  $('status').hidden = false;
}

export function hideProgress(): void {
  $('progress').hidden = true;
  $('progress-label').textContent = '';
  // an empty status panel says nothing: hidden until there are words
  if (!$('messages').textContent) $('status').hidden = true;
}

/** A file's bytes, the progress bar showing the kilobytes come in. */
export async function fetchShowing(url: string, label: string, size: number): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const kb = (n: number) => Math.round(n / 1024);
  const bytes = new Uint8Array(size);
  let done = 0;
  showProgress(label, 0, kb(size), 'kB');
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (done + read.value.byteLength > size) throw new Error(`${url}: more than the ${size} bytes listed; reload the page`);
    bytes.set(read.value, done);
    done += read.value.byteLength;
    showProgress(label, kb(done), kb(size), 'kB');
  }
  return done === size ? bytes : bytes.subarray(0, done);
}

/** The label of the form's control for an option ("seed" -> "Seed"), where the form has one. */
function formLabel(option: string): string | undefined {
  const control = document.querySelector<HTMLElement>(`[data-option="${CSS.escape(option)}"]`);
  return control?.id ? (document.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent?.trim() ?? undefined) : undefined;
}

function setBusy(busy: boolean): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-format]')) button.disabled = busy;
  $('stop').hidden = !busy;
  document.body.classList.toggle('busy', busy);
}
