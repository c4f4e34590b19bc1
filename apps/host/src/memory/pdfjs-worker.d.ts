// pdfjs-dist ships no types for its worker module; Node runs it in-process (pdf.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
