// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { savesData, useSavesData } from './use-saves-data';

/** navigator.connection as Chromium has it: an event target with the visitor's data setting and connection type. */
function connectionOf(settings: { saveData?: boolean; effectiveType?: string }) {
  const connection = Object.assign(new EventTarget(), settings);
  Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
  return connection;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'connection');
});

function Probe() {
  return <p>{useSavesData() ? 'saves data' : 'plenty'}</p>;
}

describe('savesData', () => {
  it('is true with Data Saver on, and on a 3G or slower connection', () => {
    connectionOf({ saveData: true, effectiveType: '4g' });
    expect(savesData()).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      connectionOf({ saveData: false, effectiveType });
      expect(savesData(), effectiveType).toBe(true);
    }
  });

  it('is false on 4G without Data Saver, and where the browser says nothing of its connection', () => {
    connectionOf({ saveData: false, effectiveType: '4g' });
    expect(savesData()).toBe(false);
    Reflect.deleteProperty(navigator, 'connection');
    expect('connection' in navigator).toBe(false);
    expect(savesData()).toBe(false);
  });

  it('follows a change of connection with the page open', () => {
    const connection = connectionOf({ saveData: false, effectiveType: '4g' });
    render(<Probe />);
    expect(screen.getByText('plenty')).toBeTruthy();
    act(() => {
      connection.effectiveType = '2g';
      connection.dispatchEvent(new Event('change'));
    });
    expect(screen.getByText('saves data')).toBeTruthy();
  });
});
