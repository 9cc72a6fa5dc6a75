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
  /** Controls cut off by a box that clips without scrolling: out of reach on a narrow screen. */
  controlsCutOff: string[];
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
     * the page (an absolutely placed element escapes the boxes that are not positioned), and whether a box that
     * clips without scrolling cut it off. A fixed element is sized to the window, which a wide page widens: a
     * symptom, never the cause (null).
     */
    const reach = (element: Element) => {
      const own = element.getBoundingClientRect().right;
      let right = own;
      let cutOff = false;
      let scrolled = false;
      let escapes = getComputedStyle(element).position;
      if (escapes === 'fixed') return null;
      for (let box = element.parentElement; box && box !== document.documentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.position === 'fixed') return null;
        if (escapes === 'absolute' && style.position === 'static') continue;
        if (style.overflowX !== 'visible') {
          const boxRight = box.getBoundingClientRect().right;
          const clipsOnly = style.overflowX === 'hidden' || style.overflowX === 'clip';
          // Past a box that scrolls, the element is reached by scrolling it: boxes further out clip that box, not it.
          if (clipsOnly && !scrolled && own > boxRight + 1) cutOff = true;
          if (!clipsOnly) scrolled = true;
          right = Math.min(right, boxRight);
        }
        escapes = style.position;
      }
      return { right, cutOff };
    };
    const shown = (element: Element) => {
      const { width: w, height: h } = element.getBoundingClientRect();
      return w > 0 && h > 0 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    let widest = { element: document.body as Element, right: 0 };
    const controlsCutOff: string[] = [];
    const control = 'button, a[href], input, select, textarea, [role="button"], [role="checkbox"], [role="combobox"], [role="tab"]';
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element)) continue;
      const reached = reach(element);
      if (!reached) continue;
      if (reached.right > widest.right) widest = { element, right: reached.right };
      if (reached.cutOff && element.matches(control)) controlsCutOff.push(describe(element, element.getBoundingClientRect().right));
    }
    // The header area: the top bar, and the row around each screen title (its title, description and actions).
    const titleRows = [...document.querySelectorAll('main h1')].map((h1) => h1.parentElement?.parentElement).filter((row) => row != null);
    const areas = [...document.querySelectorAll('header'), ...titleRows];
    const controls = areas.flatMap((area) => [...area.querySelectorAll('button, a[href], [role="button"]')]).filter(shown);
    // A control in a box that scrolls sideways (a table's in the title's column) is reached by scrolling that box.
    const controlsOffScreen = [...new Set(controls)].filter((c) => (reach(c)?.right ?? c.getBoundingClientRect().right) > screenWidth + 0.5)
      .map((c) => describe(c, c.getBoundingClientRect().right));
    return { scrollWidth: document.documentElement.scrollWidth, widest: describe(widest.element, widest.right), controlsOffScreen, controlsCutOff };
  }, width);
}

/** What is wrong with a fit, in words ('' when it fits). */
export function misfit(fit: Fit, width = phoneWidth): string {
  const problems: string[] = [];
  if (fit.scrollWidth > width) problems.push(`the page is ${fit.scrollWidth} px wide; widest: ${fit.widest}`);
  if (fit.controlsOffScreen.length) problems.push(`header controls past the right edge: ${fit.controlsOffScreen.join('; ')}`);
  if (fit.controlsCutOff.length) problems.push(`controls cut off by a box that does not scroll: ${fit.controlsCutOff.slice(0, 5).join('; ')}`);
  return problems.join('\n    ');
}
