import type { CdpSession } from '../connection';
import { keyForChar, MODIFIER_BITS, parseChord, type KeyDefinition, type ModifierKey } from './keys';

// Trusted input through the Input domain: the page sees isTrusted events from a real
// mouse and keyboard. Coordinates are CSS pixels of the top page's viewport; Chromium
// routes them into iframes (out-of-process ones too).

export type Button = 'left' | 'right' | 'middle';

const BUTTON_BITS: Record<Button, number> = { left: 1, right: 2, middle: 4 };

function bits(modifiers: readonly ModifierKey[]): number {
  return modifiers.reduce((sum, m) => sum | MODIFIER_BITS[m], 0);
}

export class Mouse {
  private x = 0;
  private y = 0;

  constructor(private readonly session: CdpSession) {}

  get position(): { x: number; y: number } {
    return { x: this.x, y: this.y };
  }

  /** Moves in `steps` straight-line steps, so hover effects and drags see a path. */
  async move(x: number, y: number, steps = 1, buttons = 0, modifiers: readonly ModifierKey[] = []): Promise<void> {
    const fromX = this.x;
    const fromY = this.y;
    for (let i = 1; i <= steps; i++) {
      const px = fromX + ((x - fromX) * i) / steps;
      const py = fromY + ((y - fromY) * i) / steps;
      await this.session.send('Input.dispatchMouseEvent', {
        type: 'mouseMoved',
        x: px,
        y: py,
        buttons,
        modifiers: bits(modifiers),
        button: buttons ? 'left' : 'none',
      });
    }
    this.x = x;
    this.y = y;
  }

  /**
   * Puts the pointer at a point without a move event: in a tab that is not shown a move
   * waits for a frame that never comes (about five seconds); a press there carries its own
   * position.
   */
  jump(x: number, y: number): void {
    this.x = x;
    this.y = y;
  }

  async down(button: Button = 'left', clickCount = 1, modifiers: readonly ModifierKey[] = []): Promise<void> {
    await this.session.send('Input.dispatchMouseEvent', {
      type: 'mousePressed',
      x: this.x,
      y: this.y,
      button,
      buttons: BUTTON_BITS[button],
      clickCount,
      modifiers: bits(modifiers),
    });
  }

  async up(button: Button = 'left', clickCount = 1, modifiers: readonly ModifierKey[] = []): Promise<void> {
    await this.session.send('Input.dispatchMouseEvent', {
      type: 'mouseReleased',
      x: this.x,
      y: this.y,
      button,
      buttons: 0,
      clickCount,
      modifiers: bits(modifiers),
    });
  }

  async click(
    x: number,
    y: number,
    options: { button?: Button; clickCount?: number; modifiers?: readonly ModifierKey[] } = {},
  ): Promise<void> {
    const button = options.button ?? 'left';
    const modifiers = options.modifiers ?? [];
    // Each move waits for the renderer's next frame; a pointer already there (moved by the
    // caller to re-check what is under it) is not moved again.
    if (x !== this.x || y !== this.y) await this.move(x, y, 1, 0, modifiers);
    for (let count = 1; count <= (options.clickCount ?? 1); count++) {
      await this.down(button, count, modifiers);
      await this.up(button, count, modifiers);
    }
  }
}

export class Keyboard {
  constructor(private readonly session: CdpSession) {}

  private async dispatch(type: 'keyDown' | 'rawKeyDown' | 'keyUp', key: KeyDefinition, modifiers: readonly ModifierKey[]): Promise<void> {
    await this.session.send('Input.dispatchKeyEvent', {
      type,
      key: key.key,
      code: key.code,
      windowsVirtualKeyCode: key.keyCode,
      nativeVirtualKeyCode: key.keyCode,
      modifiers: bits(modifiers),
      ...(type === 'keyDown' && key.text !== undefined ? { text: key.text, unmodifiedText: key.text } : {}),
    });
  }

  async down(key: KeyDefinition, modifiers: readonly ModifierKey[]): Promise<void> {
    // With Ctrl/Alt/Meta held a key types nothing: send it raw so it acts as a shortcut.
    const typesText = key.text !== undefined && !modifiers.some((m) => m !== 'Shift');
    await this.dispatch(typesText ? 'keyDown' : 'rawKeyDown', key, modifiers);
  }

  async up(key: KeyDefinition, modifiers: readonly ModifierKey[]): Promise<void> {
    await this.dispatch('keyUp', key, modifiers);
  }

  /** Presses a chord such as "Enter", "Ctrl+A" or "Shift+Tab": modifiers down, key, all up. */
  async press(chord: string): Promise<void> {
    const { modifiers, key } = parseChord(chord);
    const all = [...modifiers];
    if (key.shift && !all.includes('Shift')) all.push('Shift');
    const pressed: ModifierKey[] = [];
    for (const modifier of all) {
      pressed.push(modifier);
      await this.dispatch('rawKeyDown', parseChord(modifier).key, pressed);
    }
    await this.down(key, all);
    await this.up(key, all);
    for (const modifier of [...all].reverse()) {
      pressed.pop();
      await this.dispatch('keyUp', parseChord(modifier).key, pressed);
    }
  }

  /** Types text key by key, for widgets that listen to keystrokes. */
  async type(text: string): Promise<void> {
    for (const char of text) {
      const key = keyForChar(char);
      const modifiers: ModifierKey[] = key.shift ? ['Shift'] : [];
      if (key.shift) await this.dispatch('rawKeyDown', parseChord('Shift').key, modifiers);
      if (key.keyCode === 0) {
        // Not on the keyboard: insert it as text, like an input method would.
        await this.session.send('Input.insertText', { text: char });
      } else {
        await this.down(key, modifiers);
        await this.up(key, modifiers);
      }
      if (key.shift) await this.dispatch('keyUp', parseChord('Shift').key, []);
    }
  }

  /** Inserts text in one step (fast; input and beforeinput events are trusted). */
  async insert(text: string): Promise<void> {
    await this.session.send('Input.insertText', { text });
  }
}
