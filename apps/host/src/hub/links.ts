import type { Peer } from '@wayfinder/bridge';

// The hub's two kinds of connection once admitted: a paired browser, and another host process.

export interface DeviceLink {
  id: string;
  label: string;
  origin: string;
  peer: Peer;
}

export interface LocalLink {
  label: string;
  peer: Peer;
  /** Sessions this client opened, as owner keys. */
  owned: Set<string>;
}
