// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { steppedZoom, zoomLabel } from './picture-viewer';
import { ProductGallery } from './product-gallery';

const images = [1, 2, 3].map((n) => `/images/demo/ankara-lace-${n}-full.webp`);
const name = 'Ankara lace';

afterEach(cleanup);

async function openViewer() {
  render(
    <div id="page">
      <ProductGallery images={images} name={name} />
    </div>,
  );
  const opener = screen.getByRole('button', { name: `View larger image: ${name}, image 1 of 3` });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name });
  return { opener, dialog, picture: () => within(dialog).getByRole('img') };
}

const zoomText = (dialog: HTMLElement) => within(dialog).getByTestId('picture-viewer-zoom').textContent;

describe('the picture viewer', () => {
  it('opens from the picture button as a modal dialog showing the large picture, focus on Close', async () => {
    const { dialog, picture } = await openViewer();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(picture().getAttribute('src')).toBe('/images/demo/ankara-lace-1-large.webp');
    expect(picture().getAttribute('alt')).toBe(`${name}, image 1 of 3`);
    expect(picture().style.touchAction).toBe('none');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    expect(zoomText(dialog)).toBe('100%');
    // The page behind is inert and does not scroll.
    expect(document.getElementById('page')?.closest('[inert]')).not.toBeNull();
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('shows the next and previous pictures with the arrow keys and the buttons, wrapping round', async () => {
    const { dialog, picture } = await openViewer();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(picture().getAttribute('src')).toBe('/images/demo/ankara-lace-2-large.webp');
    expect(picture().getAttribute('alt')).toBe(`${name}, image 2 of 3`);
    expect(within(dialog).getByTestId('picture-viewer-position').textContent).toBe('Image 2 of 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(picture().getAttribute('alt')).toBe(`${name}, image 3 of 3`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(picture().getAttribute('alt')).toBe(`${name}, image 1 of 3`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(picture().getAttribute('alt')).toBe(`${name}, image 3 of 3`);
  });

  it('zooms with + and −, back to 100% with 0, within 100% to 400%, and says the level politely', async () => {
    const { dialog, picture } = await openViewer();
    const status = within(dialog).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    fireEvent.keyDown(dialog, { key: '+' });
    expect(zoomText(dialog)).toBe('150%');
    expect(picture().style.transform).toContain('scale(1.5)');
    fireEvent.keyDown(dialog, { key: '=' });
    expect(zoomText(dialog)).toBe('200%');
    expect(status.textContent).toBe('Zoom 200%');
    fireEvent.keyDown(dialog, { key: '-' });
    expect(zoomText(dialog)).toBe('150%');
    fireEvent.keyDown(dialog, { key: '0' });
    expect(zoomText(dialog)).toBe('100%');
    expect(picture().style.transform).toContain('scale(1)');
    fireEvent.keyDown(dialog, { key: '-' });
    expect(zoomText(dialog)).toBe('100%');
    for (let i = 0; i < 8; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(zoomText(dialog)).toBe('400%');
    expect(within(dialog).getByRole('button', { name: 'Zoom in' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(zoomText(dialog)).toBe('300%');
    // The browser's own zoom (Ctrl and +) is left alone.
    fireEvent.keyDown(dialog, { key: '+', ctrlKey: true });
    expect(zoomText(dialog)).toBe('300%');
    // Another picture starts unzoomed.
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(zoomText(dialog)).toBe('100%');
  });

  it('zooms with the wheel and with a double tap, and a second double tap zooms back out', async () => {
    const { dialog } = await openViewer();
    const stage = within(dialog).getByTestId('picture-viewer-stage');
    fireEvent.wheel(stage, { deltaY: -200 });
    expect(Number.parseInt(zoomText(dialog) ?? '', 10)).toBeGreaterThan(100);
    fireEvent.keyDown(dialog, { key: '0' });
    const tap = () => {
      fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    };
    tap();
    expect(zoomText(dialog)).toBe('100%');
    tap();
    expect(zoomText(dialog)).toBe('200%');
    tap();
    tap();
    expect(zoomText(dialog)).toBe('100%');
  });

  it('keeps Tab inside the dialog, both ways', async () => {
    const { dialog } = await openViewer();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const next = within(dialog).getByRole('button', { name: 'Next image' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
  });

  it('closes with Escape, gives focus back to the picture button and shows the picture seen last', async () => {
    const { dialog } = await openViewer();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const opener = screen.getByRole('button', { name: `View larger image: ${name}, image 2 of 3` });
    expect(document.activeElement).toBe(opener);
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
    // The gallery's own arrows were not moved by the viewer's.
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('closes with the Close button too', async () => {
    const { dialog, opener } = await openViewer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('falls back to the full picture when there is no large one (an older upload), then to the placeholder', async () => {
    const { picture } = await openViewer();
    act(() => {
      fireEvent.error(picture());
    });
    expect(picture().getAttribute('src')).toBe('/images/demo/ankara-lace-1-full.webp');
    act(() => {
      fireEvent.error(picture());
    });
    expect(picture().getAttribute('src')).toBe('/placeholder-product.svg');
  });

  it('shows the full picture beneath the large one until the large one has loaded', async () => {
    const { picture } = await openViewer();
    expect(picture().style.backgroundImage).toBe('url("/images/demo/ankara-lace-1-full.webp")');
    act(() => {
      fireEvent.load(picture());
    });
    expect(picture().style.backgroundImage).toBe('');
  });

  it('is drawn by the server as a button over the picture, with no viewer and no large picture', () => {
    const html = renderToString(<ProductGallery images={images} name={name} />);
    expect(html).toContain(`aria-label="View larger image: ${name}, image 1 of 3"`);
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('-large.webp');
  });
});

describe('zoom steps', () => {
  it('steps through 100, 150, 200, 300 and 400%, from anywhere between two steps', () => {
    expect(steppedZoom(1, 1)).toBe(1.5);
    expect(steppedZoom(1.7, 1)).toBe(2);
    expect(steppedZoom(4, 1)).toBe(4);
    expect(steppedZoom(2.5, -1)).toBe(2);
    expect(steppedZoom(1, -1)).toBe(1);
    expect(zoomLabel(1.234)).toBe('123%');
  });
});
