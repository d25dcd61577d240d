/**
 * A stand-in for XMLHttpRequest (the upload client's transport) that a component test drives:
 * `vi.stubGlobal("XMLHttpRequest", FakeXhr)`, then `FakeXhr.last` is the request the code sent;
 * `progress(loaded, total)` reports upload progress and `respond(status, body)` gives the
 * server's JSON answer. Reset `FakeXhr.last` after each test.
 */
export class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  sent: FormData | undefined;
  url = "";
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.sent = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
