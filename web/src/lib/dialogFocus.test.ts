import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wrapDialogTab } from './dialogFocus';

function press(shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true });
  wrapDialogTab(event);
  return event;
}

describe('wrapDialogTab', () => {
  beforeEach(() => {
    // jsdom lays nothing out: every element counts as shown.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    document.body.innerHTML = `
      <button id="page">page</button>
      <div class="ant-modal-wrap"><div class="ant-modal">
        <input id="first" /><button id="disabled" disabled>x</button><button id="last">Cancel</button>
      </div></div>`;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('wraps Tab from the last control to the first, and Shift+Tab from the first to the last', () => {
    document.getElementById('last')!.focus();
    expect(press().defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('first');
    expect(press(true).defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('last');
  });

  it('leaves Tab alone inside the dialog and when no dialog is open', () => {
    document.getElementById('first')!.focus();
    expect(press().defaultPrevented).toBe(false);
    document.querySelector('.ant-modal-wrap')!.remove();
    document.getElementById('page')!.focus();
    expect(press().defaultPrevented).toBe(false);
  });
});
