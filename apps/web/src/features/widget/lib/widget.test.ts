import { contrastRatio, readableColor } from '@taquilla/shared/contrast';
import { DEFAULT_WIDGET_SETTINGS } from '@taquilla/shared/schemas/widget';
import { describe, expect, it } from 'vitest';
import { readWidgetOptions, recallWidgetOptions, rememberWidgetOptions, widgetStyle } from './options.ts';
import { embedSnippet, widgetUrl } from './snippet.ts';

describe('widget snippet and options', () => {
  const id = '6f1c0e1e-0000-4000-8000-000000000001';

  it('the snippet carries the options as data attributes, escaped', () => {
    const snippet = embedSnippet('https://entradas.example', id, {
      ...DEFAULT_WIDGET_SETTINGS,
      locale: 'en',
      button_text: 'Buy "now" <3',
      primary_color: '#e8590c',
      auto_resize: false,
    });
    expect(snippet).toBe(
      `<div data-taquilla-event="${id}" data-locale="en" data-button-text="Buy &quot;now&quot; &lt;3" data-primary-color="#e8590c" data-padding="16" data-auto-resize="false"></div>\n` +
        '<script src="https://entradas.example/widget.js" async></script>',
    );
  });

  it("the frame's address and the options read back from it agree; bad values are ignored", () => {
    const url = widgetUrl(id, {
      ...DEFAULT_WIDGET_SETTINGS,
      button_text: 'Comprar',
      background_color: '#ffffff',
      padding: 0,
    });
    expect(url).toBe(`/widget/${id}?button_text=Comprar&background=%23ffffff&padding=0`);
    expect(readWidgetOptions(url.slice(url.indexOf('?')))).toEqual({
      buttonText: 'Comprar',
      background: '#ffffff',
      padding: 0,
    });
    expect(readWidgetOptions('?locale=fr&primary=red&padding=99&text=%23123456')).toEqual({
      text: '#123456',
    });
  });

  it('the checkout steps in the frame recall the options; the style puts them over the event colours', () => {
    rememberWidgetOptions(id, '?primary=%23e8590c&padding=4');
    expect(recallWidgetOptions(id)).toEqual({
      options: { primary: '#e8590c', padding: 4 },
      search: '?primary=%23e8590c&padding=4',
    });
    expect(recallWidgetOptions('other').options).toEqual({});
    const style = widgetStyle(
      { primary: '#228be6', background: '#000000' },
      { primary: '#e8590c', padding: 4 },
    ) as Record<string, string>;
    expect(style).toMatchObject({ '--event-bg': '#000000', background: '#000000', padding: 4 });
    // The snippet's colour, darkened until white reads on it (4.5:1), and lightened for links on black.
    const filled = style['--mantine-primary-color-filled'] ?? '';
    expect(filled).not.toBe('#228be6');
    expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(filled).toBe(readableColor('#e8590c', '#ffffff'));
    expect(contrastRatio(style['--mantine-color-anchor'] ?? '', '#000000')).toBeGreaterThanOrEqual(4.5);
  });
});
