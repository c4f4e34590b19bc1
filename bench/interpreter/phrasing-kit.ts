import type { GymSnapshot } from '@wayfinder/gym';

// The phrasing set: direct commands as people write them, over the gym's phrasing pages
// (gym/src/apps/phrasing*.ts). Success is the gym's state — what the page reported it
// holds or saw happen — never the interpreter's words.

export interface Phrasing {
  form: string;
  /** Path under /phrasing/. */
  page: string;
  command: string;
  check: (s: GymSnapshot) => boolean;
}

export const val = (s: GymSnapshot, page: string, k: string) => s.phrasing[page]?.values[k];
export const events = (s: GymSnapshot, page: string) => s.phrasing[page]?.events ?? [];
export const saw = (s: GymSnapshot, page: string, e: string) => events(s, page).includes(e);
export const focused = (s: GymSnapshot, page: string) => s.phrasing[page]?.focused ?? '';

export type Add = (form: string, page: string, command: string, check: (s: GymSnapshot) => boolean) => void;
