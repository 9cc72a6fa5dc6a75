import type { Page } from 'playwright-core';

/** The width of the phone the walk uses (CSS pixels): no page may be wider. */
export const phoneWidth = 390;

/** What stops a screen fitting a phone: the page's own width, its widest element, and the controls past the edge. */
export interface Fit {
  scrollWidth: number;
  /** The element reaching furthest right (clipped by any box that scrolls or clips it), to name in a failure. */
  widest: string;
  /** Visible buttons and links of the top bar and the screen's title row with their right edge past the screen. */
  controlsOffScreen: string[];
}

/**
 * Measures, in the page, how the screen fits `width`. An element inside a box that scrolls or clips sideways (a
 * grid's own scroll box) counts only as far as that box reaches: it is reached by scrolling the box, not the page.
 * Controls folded into a menu are not shown, so not counted.
 */
export function measureFit(page: Page, width = phoneWidth): Promise<Fit> {
  return page.evaluate((screenWidth) => {
    const describe = (element: Element, right: number) => {
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      const classes = [...element.classList].filter((c) => !c.startsWith('css-')).slice(0, 3).join('.');
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${name}" reaching ${Math.round(right)} px`;
    };
    /**
     * How far right the element shows: its right edge, cut at each box that clips or scrolls sideways on the way to
     * the page (an absolutely placed element escapes the boxes that are not positioned). A fixed element is sized to
     * the window, which a wide page widens: a symptom, never the cause (null).
     */
    const reach = (element: Element) => {
      let right = element.getBoundingClientRect().right;
      let escapes = getComputedStyle(element).position;
      if (escapes === 'fixed') return null;
      for (let box = element.parentElement; box && box !== document.documentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.position === 'fixed') return null;
        if (escapes === 'absolute' && style.position === 'static') continue;
        if (style.overflowX !== 'visible') right = Math.min(right, box.getBoundingClientRect().right);
        escapes = style.position;
      }
      return right;
    };
    const shown = (element: Element) => {
      const { width: w, height: h } = element.getBoundingClientRect();
      return w > 0 && h > 0 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    let widest = { element: document.body as Element, right: 0 };
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element)) continue;
      const right = reach(element);
      if (right !== null && right > widest.right) widest = { element, right };
    }
    // The header area: the top bar, and the row around each screen title (its title, description and actions).
    const titleRows = [...document.querySelectorAll('main h1')].map((h1) => h1.parentElement?.parentElement).filter((row) => row != null);
    const areas = [...document.querySelectorAll('header'), ...titleRows];
    const controls = areas.flatMap((area) => [...area.querySelectorAll('button, a[href], [role="button"]')]).filter(shown);
    const controlsOffScreen = [...new Set(controls)].filter((c) => c.getBoundingClientRect().right > screenWidth + 0.5)
      .map((c) => describe(c, c.getBoundingClientRect().right));
    return { scrollWidth: document.documentElement.scrollWidth, widest: describe(widest.element, widest.right), controlsOffScreen };
  }, width);
}

/** What is wrong with a fit, in words ('' when it fits). */
export function misfit(fit: Fit, width = phoneWidth): string {
  const problems: string[] = [];
  if (fit.scrollWidth > width) problems.push(`the page is ${fit.scrollWidth} px wide; widest: ${fit.widest}`);
  if (fit.controlsOffScreen.length) problems.push(`header controls past the right edge: ${fit.controlsOffScreen.join('; ')}`);
  return problems.join('\n    ');
}
