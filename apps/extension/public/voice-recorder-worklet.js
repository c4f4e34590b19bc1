/* global AudioWorkletProcessor, registerProcessor -- the AudioWorklet global scope */
// Voice (lib/voice/mic.ts): an AudioWorklet that passes the first channel's samples to the
// page in chunks of 4096 (about 85 ms at 48 kHz), for recording and the level meter.
class WayfinderRecorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunk = new Float32Array(4096);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    let at = 0;
    while (at < channel.length) {
      const take = Math.min(channel.length - at, this.chunk.length - this.filled);
      this.chunk.set(channel.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.chunk.length) {
        this.port.postMessage(this.chunk);
        this.chunk = new Float32Array(4096);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('wayfinder-recorder', WayfinderRecorder);
